## What the front ends say themselves (app/presentation/frontend.rs: Notice).

front-failed = Something went wrong on my side; please try again.
front-done = Done.
front-opening-thread = Opening a thread…
front-thread-refused = I could not open a thread here: I need the Create Public Threads and Send Messages in Threads permissions.
# The progress of /analysis; $percent: 0 to 100.
front-analysing = analysing… { $percent }%
front-analysis-stopped = The analysis was stopped: I am restarting. Ask again in a minute.

# Too many commands are waiting for the bot already (it answers without reading the player's language: Discord's own locale picks it).
front-busy = I have more to do than I can manage just now: please try again in a minute.
