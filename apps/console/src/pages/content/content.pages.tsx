import type { ConsoleDomain } from '../registry.tsx';

/** What customers read in the app (articles, notices, home slides) and the support inbox they write to. */
export const menuOrder: ConsoleDomain['menuOrder'] = 50;
export const menuGroup: ConsoleDomain['menuGroup'] = 'content';
export const pages: ConsoleDomain['pages'] = [
  {
    path: 'content/articles',
    label: { en: 'Articles', zh_CN: '文章' },
    roles: ['content'],
    load: () => import('./articles.page.tsx').then((m) => m.ArticlesPage),
  },
  {
    path: 'content/notices',
    label: { en: 'Notices', zh_CN: '公告' },
    roles: ['content'],
    load: () => import('./notices.page.tsx').then((m) => m.NoticesPage),
  },
  {
    path: 'content/slides',
    label: { en: 'Home slides', zh_CN: '首页轮播' },
    roles: ['content'],
    load: () => import('./slides.page.tsx').then((m) => m.SlidesPage),
  },
  {
    path: 'content/assistant',
    label: { en: 'Assistant', zh_CN: '智能助手' },
    roles: ['content', 'service'],
    load: () => import('./assistant.page.tsx').then((m) => m.AssistantPage),
  },
  {
    path: 'support',
    label: { en: 'Support inbox', zh_CN: '客服收件箱' },
    roles: ['service'],
    load: () => import('./support-inbox.page.tsx').then((m) => m.SupportInboxPage),
  },
];
