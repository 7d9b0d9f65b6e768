// The bench's client, in a process of its own (scripts/bench-password-reset/main.ts): the server's
// work after an answer must not run on the thread that times the answer. Each message from the
// parent is one request; the answer is its time from the request to the answer's last byte.
process.on('message', async ({ url, body }) => {
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  process.send({ ms: performance.now() - start, code: json.code });
});
