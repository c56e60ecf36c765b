/** Every content query key starts with 'content', so one invalidation refreshes what changed. */
export const contentKeys = {
  all: ['content'] as const,
  notices: ['content', 'notices'] as const,
  article: (key: string) => ['content', 'article', key] as const,
  articles: (category: string) => ['content', 'articles', category] as const,
  chat: ['content', 'chat'] as const,
  support: ['content', 'support'] as const,
  pdd: (status: string, keyword: string) => ['content', 'pdd', status, keyword] as const,
  pddDetail: (id: number) => ['content', 'pdd', 'detail', id] as const,
};
