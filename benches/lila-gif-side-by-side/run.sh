#!/bin/sh
# Usage: benches/lila-gif-side-by-side/run.sh PATH_TO_LILA_GIF_CHECKOUT [criterion args]
# Builds tawlbot's renderer and lila-gif's (its src/ and theme/ as they
# are in the checkout) into one bench and runs both in one criterion run.
set -e
here=$(cd "$(dirname "$0")" && pwd)
lila=$(cd "$1" && pwd)
shift
ln -sfn "$lila" "$here/lila-gif"
# The versions this bench was measured with are in Cargo.lock; without
# one, start from tawlbot's locked versions, so the shared crates match.
[ -f "$here/Cargo.lock" ] || cp "$here/../../Cargo.lock" "$here/Cargo.lock"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$here/../../target}"
exec cargo bench --manifest-path "$here/Cargo.toml" --bench side_by_side -- "$@"
