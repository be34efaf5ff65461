//! The clock: time-outs, expired challenges, reminders.

use super::{app, clock_ctx, unix_now, Arc, Duration, Handler, Http, Response, Target};

impl Handler {
    /// Clock ticks: time-outs, expired challenges, reminders.
    pub(super) async fn scheduler(self, http: Arc<Http>) {
        let mut stop = self.stop_tx.subscribe();
        // Seconds to wait at least before the next pass: 0 while all is
        // well, doubling from 5 s up to 4 minutes while passes fail (below
        // the 5 minutes that count as downtime).
        let mut backoff: u64 = 0;
        let mut db_ok = true;
        let mut first = true;
        let poll = self.app.process().poll.max(1);
        loop {
            if !first {
                let now = unix_now();
                let due = self.call(|a| a.next_due()).await.flatten();
                // At least every `poll` seconds: other processes sharing the
                // database add work this one's timer does not know about.
                let wake = due.map_or(now + poll, |d| d.min(now + poll));
                let wait = ((wake - now).max(1) as u64).max(backoff);
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(wait)) => {}
                    _ = stop.changed() => return,
                }
            }
            first = false;
            // While the gateway is down nothing is judged and no heartbeat
            // written: the outage is downtime, made up when it is back.
            if !self.app.gateway_up() {
                continue;
            }
            let Some(_permit) = self.begin() else { return };
            let now = unix_now();
            // The heartbeat comes first (at startup too): after downtime
            // every running clock is extended before any timeout is judged.
            let beat = self.call(move |a| a.heartbeat(now)).await;
            let report = match beat {
                Some(Ok(_)) => {
                    let (resp, report) = self
                        .call(move |a| a.tick_report(now))
                        .await
                        .unwrap_or_else(|| {
                            let failed = app::TickReport {
                                aborted: true,
                                ..Default::default()
                            };
                            (Response::default(), failed)
                        });
                    for r in &resp.replies {
                        if r.target == Target::Here {
                            tracing::warn!("a clock reply had no channel: {:?}", r.text);
                            continue;
                        }
                        self.send(&http, None, r, &mut true).await;
                    }
                    let ctx = clock_ctx(now);
                    self.run_effects(&http, None, &ctx, resp.effects, &mut true)
                        .await;
                    // Interactions a stopped process was answering.
                    self.engine.take_over_analyses().await;
                    report
                }
                other => {
                    // No tick without a heartbeat: a timeout must never be
                    // judged before downtime was made up for.
                    if db_ok {
                        match other {
                            Some(Err(e)) => tracing::error!(
                                "the scheduler cannot record its heartbeat, so it judges no clock until it can: {e}"
                            ),
                            _ => tracing::error!("the scheduler's heartbeat failed"),
                        }
                    }
                    app::TickReport {
                        aborted: true,
                        ..Default::default()
                    }
                }
            };
            if report.ok() {
                if !db_ok {
                    tracing::info!("the scheduler runs normally again");
                }
                db_ok = true;
            } else {
                db_ok = !report.aborted && db_ok;
            }
            backoff = app::scheduler_backoff(backoff, report.ok());
        }
    }
}
