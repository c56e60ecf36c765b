import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@pinyou/contract';
import type { TestApp } from '../../test/harness.ts';
import { app, C, CA, customer, ok, seedKnowledge, staff } from './content.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await app();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const article = {
  slug: 'customs-guide',
  category: 'guide',
  title_en: 'Customs guide',
  title_zh: '清关指南',
  body_en:
    '<h2>GST</h2><p onclick="steal()">Paid on <b>value</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><table><tr><td colspan="2">a</td></tr></table>',
  body_zh: '<h2>消费税</h2><p>按价值征收</p><a href="java&#115;cript:alert(1)">y</a><img src="/uploads/a.png" alt="图">',
};

describe('articles, notices, slides', () => {
  it('content staff create, sanitise, schedule and publish; customers see only what is live, in their language', async () => {
    const st = await staff(t, 'content');
    const a = await ok(t.call(CA.adminArticleSave, article, { token: st }));
    expect(a.state).toBe('draft');
    expect(a.body_en).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(a.body_en).toContain('<h2>GST</h2><p>Paid on <b>value</b></p>');
    expect(a.body_en).toContain('<td colspan="2">a</td>');
    expect(a.body_zh).not.toMatch(/javascript|java&#115;cript/i);
    expect(a.body_zh).toContain('<img src="/uploads/a.png" alt="图">');

    // A draft is invisible.
    expect((await t.call(C.articleOne, { id: a.id })).code).toBe(Code.CONTENT_NOT_FOUND);
    // Scheduled for tomorrow: still invisible, and says so to staff.
    const future = new Date(Date.now() + 86400_000).toISOString();
    const sched = await ok(
      t.call(CA.adminContentPublish, { kind: 'article', id: a.id, published: true, publish_at: future }, { token: st }),
    );
    expect(sched.state).toBe('scheduled');
    expect((await t.call(C.articleOne, { slug: 'customs-guide' })).code).toBe(Code.CONTENT_NOT_FOUND);
    // Published now.
    expect((await ok(t.call(CA.adminContentPublish, { kind: 'article', id: a.id, published: true }, { token: st }))).state).toBe('live');
    const en = await ok(t.call(C.articleOne, { slug: 'customs-guide' }));
    expect(en.title).toBe('Customs guide');
    expect(en.body_html).not.toMatch(/script|onerror/);
    const zh = await ok(t.call(C.articleOne, { id: a.id }, { lang: 'zh_CN' }));
    expect(zh.title).toBe('清关指南');
    const list = await ok(t.call(C.articleList, { category: 'guide' }));
    expect(list.list.map((x: any) => x.slug)).toEqual(['customs-guide']);
    expect((await ok(t.call(C.articleList, { keyword: '清关' }))).total).toBe(1);

    // Unpublish hides it again.
    await ok(t.call(CA.adminContentPublish, { kind: 'article', id: a.id, published: false }, { token: st }));
    expect((await t.call(C.articleOne, { id: a.id })).code).toBe(Code.CONTENT_NOT_FOUND);

    // Duplicate key is a clear error.
    const dup = await t.call(CA.adminArticleSave, { ...article }, { token: st, lang: 'zh_CN' });
    expect(dup.code).toBe(Code.SLUG_TAKEN);
    expect(dup.msg).toContain('customs-guide');
  });

  it('notices and slides open an article, an app page or an https link; nothing else is accepted', async () => {
    const st = await staff(t, 'content');
    const a = await ok(t.call(CA.adminArticleSave, article, { token: st }));
    await ok(t.call(CA.adminContentPublish, { kind: 'article', id: a.id, published: true }, { token: st }));
    const n = await ok(
      t.call(CA.adminNoticeSave, { title_en: 'Hello', title_zh: '你好', link_type: 'article', link_target: String(a.id) }, { token: st }),
    );
    const bad = await t.call(
      CA.adminNoticeSave,
      { title_en: 'x', title_zh: 'x', link_type: 'url', link_target: 'javascript:alert(1)' },
      { token: st },
    );
    expect(bad.code).toBe(Code.LINK_INVALID);
    expect(
      (await t.call(CA.adminNoticeSave, { title_en: 'x', title_zh: 'x', link_type: 'page', link_target: '//evil.com' }, { token: st }))
        .code,
    ).toBe(Code.LINK_INVALID);
    expect(
      (await t.call(CA.adminNoticeSave, { title_en: 'x', title_zh: 'x', link_type: 'article', link_target: '99999' }, { token: st })).code,
    ).toBe(Code.LINK_INVALID);
    expect((await ok(t.call(C.noticeList, {}))).total).toBe(0);
    await ok(t.call(CA.adminContentPublish, { kind: 'notice', id: n.id, published: true }, { token: st }));
    const notices = await ok(t.call(C.noticeList, {}, { lang: 'zh_CN' }));
    expect(notices.list[0]).toMatchObject({ title: '你好', link: { type: 'article', article_id: a.id } });
    expect(await ok(t.call(C.jumpPage, { kind: 'notice', id: n.id }))).toEqual({
      type: 'article',
      article_id: a.id,
      path: null,
      url: null,
    });

    const s = await ok(
      t.call(
        CA.adminSlideSave,
        {
          image: '/uploads/content/a.svg',
          title_en: 'Calc',
          title_zh: '计算',
          link_type: 'page',
          link_target: 'pages/index/calculate-freight',
        },
        { token: st },
      ),
    );
    expect((await t.call(CA.adminSlideSave, { image: 'javascript:1', link_type: 'none' }, { token: st })).code).toBe(Code.LINK_INVALID);
    expect((await ok(t.call(C.slideList, {}))).list).toEqual([]);
    await ok(t.call(CA.adminContentPublish, { kind: 'slide', id: s.id, published: true }, { token: st }));
    expect((await ok(t.call(C.slideList, {}))).list[0]).toMatchObject({
      title: 'Calc',
      link: { type: 'page', path: 'pages/index/calculate-freight' },
    });
    expect(await ok(t.call(C.jumpPage, { kind: 'slide', id: s.id }))).toMatchObject({
      type: 'page',
      path: 'pages/index/calculate-freight',
    });
    expect((await t.call(C.jumpPage, { kind: 'slide', id: 999 })).code).toBe(Code.CONTENT_NOT_FOUND);

    await ok(t.call(CA.adminContentDelete, { kind: 'slide', id: s.id }, { token: st }));
    expect((await ok(t.call(CA.adminSlideList, {}, { token: st }))).total).toBe(0);
  });

  it('validates input and keeps content staff calls to content (and admin) staff', async () => {
    const st = await staff(t, 'content');
    const v = await t.call(CA.adminArticleSave, { ...article, slug: 'Bad Slug!' }, { token: st, lang: 'zh_CN' });
    expect(v.code).toBe(Code.VALIDATION);
    expect(v.msg).toContain('标识');
    expect((await t.call(C.articleOne, {})).code).toBe(Code.VALIDATION);
    expect((await t.call(C.jumpPage, { kind: 'banner', id: 1 })).code).toBe(Code.VALIDATION);

    const wh = await staff(t, 'warehouse');
    expect((await t.call(CA.adminArticleSave, article, { token: wh })).code).toBe(Code.FORBIDDEN);
    const service = await staff(t, 'service');
    expect((await t.call(CA.adminNoticeList, {}, { token: service })).code).toBe(Code.FORBIDDEN);
    const c = await customer(t);
    expect((await t.call(CA.adminArticleList, {}, { token: c.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.call(CA.adminArticleList, {})).code).toBe(Code.LOGIN_REQUIRED);
  });

  it('the seeded rules are articles anyone can read by key', async () => {
    await seedKnowledge(t);
    const rules = await ok(t.call(C.articleOne, { slug: 'air-freight-rules' }, { lang: 'zh_CN' }));
    expect(rules.title).toBe('空运规则');
    expect(rules.body_html).toContain('充电宝');
    expect((await ok(t.call(C.articleList, { category: 'rules' }))).total).toBe(3);
  });
});
