// Load test of the unauthenticated chat search next to signed-in traffic: `npm run bench:chat-search`.
// Starts the real server on a free port with a throw-away PGlite folder (NODE_ENV=development, so
// the per-IP limits are off), logs in as the demo user, then runs AT THE SAME TIME:
// - BENCH_SEARCH_CONNECTIONS (50) connections of `customer-service/search` with 50-character
//   keywords, cycling through BENCH_KEYWORDS (1000) distinct ones so a cache cannot hide the work;
// - BENCH_USER_CONNECTIONS (4) connections of the signed-in `user/get-user-info` (X-Token).
// Prints searches/s (and how many were refused with 429) and the signed-in calls' p50/p99, first
// the signed-in call alone (the reference), then under the search load.
// BENCH_SECONDS and BENCH_WARMUP override the defaults (20 s, 3 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer, stopServer } from './server-process.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const searchConnections = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 50);
const userConnections = Number(process.env.BENCH_USER_CONNECTIONS ?? 4);
const keywordCount = Number(process.env.BENCH_KEYWORDS ?? 1000);
/** Aim on the 2-core reference machine: the signed-in p99 while searches are hammered. */
const AIM = { userP99: 50 };
const KEYWORD_LENGTH = 50;

/** Words of the help desk's topics (Chinese and latin), so keywords hit many questions. */
const WORDS = [
  ...'订单 取消 温度 偏离 冷链 干冰 库存 不够 患者 信息 星号 密码 忘记 账户 发票 运输 签收 退货 草稿 提货 时效 急单 地址 修改 登录 验证码 手机 客户 切换 报告 下载 导出 审批 费用 运费 包装 药品 临床 试验 仓库 出库 入库 批号 效期 冷藏 冷冻 超时 物流 轨迹'.split(
    ' ',
  ),
  ...'dtp order cold chain draft invoice export login track cut-off report'.split(' '),
];

/** Small deterministic PRNG (mulberry32), so every run searches the same keywords. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function keywords(count) {
  const next = random(2026);
  const out = new Set();
  while (out.size < count) {
    let k = '';
    while (k.length < KEYWORD_LENGTH) {
      k += WORDS[Math.floor(next() * WORDS.length)];
      if (next() < 0.3) k += next() < 0.5 ? ' ' : '，';
    }
    out.add(k.slice(0, KEYWORD_LENGTH).trim().padEnd(KEYWORD_LENGTH, '单'));
  }
  return [...out];
}

async function api(base, call, init = {}, query = '') {
  const res = await fetch(`${base}/api/${call}.html${query}`, init);
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${call} answered ${body.code}: ${body.message}`);
  return body.data;
}

function run(options, duration) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        duration,
        // Envelope errors (and 429) come with HTTP 200: count every answer that is not code 0.
        verifyBody: (body) => body.startsWith('{"code":0,'),
        ...options,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    process.once('SIGINT', () => instance.stop());
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer(port, dataDir);
let failed = false;
try {
  await server.ready;
  const { access_token: token } = await api(base, 'user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@2026pass' }),
  });
  await api(base, 'user/get-user-info', { headers: { 'X-Token': token } });
  const queries = keywords(keywordCount).map((k) => `?keyword=${encodeURIComponent(k)}`);
  const paths = queries.map((q) => `/api/customer-service/search.html${q}`);
  const sample = await api(base, 'customer-service/search', {}, queries[0]);
  if (sample.length === 0)
    throw new Error('the sample search found nothing: the keywords miss the help desk');
  let turn = 0;
  const searches = (duration) =>
    run(
      {
        url: base,
        connections: searchConnections,
        requests: [
          { method: 'GET', setupRequest: (req) => ({ ...req, path: paths[turn++ % paths.length] }) },
        ],
      },
      duration,
    );
  const userInfo = (duration) =>
    run(
      {
        url: `${base}/api/user/get-user-info.html`,
        connections: userConnections,
        headers: { 'X-Token': token },
      },
      duration,
    );
  console.log(
    `server on ${base}; ${seconds} s per phase after ${warmup} s of warm-up; ` +
      `${searchConnections} search connections over ${paths.length} distinct ${KEYWORD_LENGTH}-character keywords, ` +
      `${userConnections} signed-in connections\n`,
  );

  if (warmup > 0) await userInfo(warmup);
  const alone = await userInfo(seconds);
  if (warmup > 0) await Promise.all([searches(warmup), userInfo(warmup)]);
  const [search, user] = await Promise.all([searches(seconds), userInfo(seconds)]);

  const bad = (r) => r.errors + r.timeouts + r.non2xx + r.mismatches;
  /** Latency of a phase; "-" when not one call was answered within it. */
  const ms = (r, p) => (r.requests.total === 0 ? '-' : r.latency[p]);
  const rows = [
    {
      phase: 'get-user-info alone',
      'req/s': Math.round(alone.requests.average),
      'p50 ms': ms(alone, 'p50'),
      'p99 ms': ms(alone, 'p99'),
      answered: alone.requests.total,
      'errors/code≠0': bad(alone),
    },
    {
      phase: 'get-user-info + searches',
      'req/s': Math.round(user.requests.average),
      'p50 ms': ms(user, 'p50'),
      'p99 ms': ms(user, 'p99'),
      answered: user.requests.total,
      'errors/code≠0': bad(user),
    },
    {
      phase: 'searches (anonymous)',
      'req/s': Math.round(search.requests.average),
      'p50 ms': ms(search, 'p50'),
      'p99 ms': ms(search, 'p99'),
      answered: search.requests.total,
      'errors/code≠0': bad(search),
    },
  ];
  console.table(rows);
  console.log(
    `searches/s ${rows[2]['req/s']} (answered with code≠0, e.g. 429: ${search.mismatches}); ` +
      `signed-in p50 ${ms(user, 'p50')} ms, p99 ${ms(user, 'p99')} ms under the search load (${user.requests.total} answered): ` +
      `${user.requests.total > 0 && user.latency.p99 <= AIM.userP99 ? 'meets' : 'misses'} the aim (p99 ≤ ${AIM.userP99} ms)`,
  );
  if (bad(alone) + bad(user) > 0) failed = true;
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
