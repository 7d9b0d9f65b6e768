import { beforeAll, describe, expect, it } from 'vitest';
import type { AnswerList } from '../../../src/contract/chat/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import { createChatCategory } from '../../testing/chat-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';
import { saveAnswer } from './answers.ts';

// The worker's database is created once (seconds on a busy machine): in a hook, not in the first test.
beforeAll(async () => {
  await testDatabase();
});

/** Hostile inputs and what must not survive storing (case-insensitive). */
const HOSTILE: Array<[string, RegExp]> = [
  ['<p>ok</p><script>alert(document.cookie)</script>', /script|alert/i],
  ['<img src=x onerror="alert(1)"><p>图</p>', /<img|onerror|alert/i],
  ['<p onclick="steal()" onmouseover=x>点</p>', /onclick|onmouseover|steal/i],
  ['<a href="javascript:alert(1)">x</a>', /javascript|alert/i],
  ['<a href="JaVaScRiPt&#58;alert(1)">x</a>', /javascript|alert/i],
  ['<a href="java&#x09;script:alert(1)">x</a>', /script|alert/i],
  ['<a href=" javascript:alert(1)">x</a>', /javascript|alert/i],
  ['<a href="vbscript:msgbox(1)">x</a>', /vbscript|msgbox/i],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', /data:|base64/i],
  ['<a href="//evil.example/x">x</a>', /evil/i],
  ['<a href="/\\evil.example">x</a>', /evil/i],
  ['<p style="background:url(javascript:alert(1))">s</p>', /style|javascript|url\(/i],
  ['<style>body{display:none}</style><p>t</p>', /style|display/i],
  ['<iframe src="https://evil.example"></iframe><p>t</p>', /iframe|evil/i],
  ['<svg onload=alert(1)><script>alert(2)</script></svg><p>t</p>', /svg|onload|alert|script/i],
  ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg><p>t</p>', /svg|xlink|javascript/i],
  [
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>t</p>',
    /onerror|<img|math|alert/i,
  ],
  ['<object data="x.swf"></object><embed src="x"><p>t</p>', /object|embed|swf/i],
  [
    '<form action="https://evil.example"><input name=a><button>b</button></form><p>t</p>',
    /form|input|button|evil/i,
  ],
  [
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=x"><p>t</p>',
    /base|meta|refresh|evil/i,
  ],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>t</p>', /onerror|<img|alert/i],
  ['<p>t</p><!-- <script>alert(1)</script> -->', /script|alert|<!--/i],
  ['<scr<script>ipt>alert(1)</script><p>t</p>', /<script|<scr/i],
];

describe('saveAnswer: sanitized on the way in', () => {
  it('strips hostile markup and serves only the sanitized text through answer-list', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 0 });
    const q_id = cat.questions[0]!.q_id;
    const stored: string[] = [];
    for (const [html, forbidden] of HOSTILE) {
      const saved = await saveAnswer(t.deps.db, { q_id, text: html, position: stored.length });
      expect(saved.text, html).not.toMatch(forbidden);
      stored.push(saved.text);
    }
    const res = await t.call<AnswerList>('customer-service/answer-list', { query: { q_id: String(q_id) } });
    expect(res.data.list.map((a) => a.text)).toEqual(stored);
    const rows = await t.deps.db
      .selectFrom('chat_answers')
      .select('text')
      .where('q_id', '=', q_id)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.text)).toEqual(stored);
  });

  it('keeps the allowed formatting, forces rel on links and keeps only safe hrefs and target=_blank', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 0 });
    const html =
      '<h4>步骤</h4><p><b>b</b><i>i</i><strong>s</strong><em>e</em><br></p><ol><li>一</li></ol><ul><li>二</li></ul>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="x">c</td></tr></tbody></table>' +
      '<a href="https://example.cn/a?b=1&amp;c=2" target="_blank" rel="opener">w</a>' +
      '<a href="mailto:service@example.cn" target="_top">m</a><a href="tel:400-820-6088">t</a>' +
      '<a href="/customer-order/create" title="x" class="y">p</a>';
    const saved = await saveAnswer(t.deps.db, { q_id: cat.questions[0]!.q_id, text: html });
    expect(saved.text).toBe(
      '<h4>步骤</h4><p><b>b</b><i>i</i><strong>s</strong><em>e</em><br /></p><ol><li>一</li></ol><ul><li>二</li></ul>' +
        '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>c</td></tr></tbody></table>' +
        '<a rel="noopener noreferrer" href="https://example.cn/a?b=1&amp;c=2" target="_blank">w</a>' +
        '<a rel="noopener noreferrer" href="mailto:service@example.cn">m</a>' +
        '<a rel="noopener noreferrer" href="tel:400-820-6088">t</a>' +
        '<a rel="noopener noreferrer" href="/customer-order/create">p</a>',
    );
  });

  it('refuses an answer that is empty after sanitizing (422) and an unknown question (404)', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 0 });
    const q_id = cat.questions[0]!.q_id;
    await expect(saveAnswer(t.deps.db, { q_id, text: '<script>alert(1)</script>  ' })).rejects.toMatchObject({
      code: Code.invalid,
    });
    await expect(saveAnswer(t.deps.db, { q_id: 2_147_483_600, text: '<p>x</p>' })).rejects.toBeInstanceOf(
      ApiError,
    );
    const count = await t.deps.db
      .selectFrom('chat_answers')
      .select('a_id')
      .where('q_id', '=', q_id)
      .execute();
    expect(count).toEqual([]);
  });

  it('replaces the text of an existing answer, sanitized again', async () => {
    const t = await testApp();
    const cat = await createChatCategory(t.deps.db, { questions: 1, answers: 1 });
    const q = cat.questions[0]!;
    const saved = await saveAnswer(t.deps.db, {
      q_id: q.q_id,
      a_id: q.answers[0]!,
      text: '<p onclick="x">新答案</p>',
    });
    expect(saved).toEqual({ a_id: q.answers[0], text: '<p>新答案</p>' });
  });
});
