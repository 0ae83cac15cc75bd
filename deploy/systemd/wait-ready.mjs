// Waits until the process on PORT (HOST, or the loopback address when it listens on all)
// answers /readyz with 200, polling twice a second; exits 1 after WAIT_READY_SECONDS (120; 0
// tries once). studio@.service runs it after each start, so a restart returns once the process
// takes traffic again.
const port = Number(process.env.PORT || 3000);
const host = ["", "0.0.0.0", "::"].includes(process.env.HOST ?? "") ? "127.0.0.1" : process.env.HOST;
const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/readyz`;
const seconds = process.env.WAIT_READY_SECONDS ? Number(process.env.WAIT_READY_SECONDS) : 120;
const deadline = Date.now() + seconds * 1000;

for (;;) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (res.ok) process.exit(0);
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    console.error(`${url} did not answer 200 in time`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
