import type { ContentLink } from '@pinyou/contract';
import { nav } from '../../../lib/nav.ts';
import { paths, type RoutePath } from '../../../lib/paths.ts';

/** Opens what a slide or notice points at: an article, a screen of the app, or an outside https page. */
export function openLink(link: ContentLink) {
  if (link.type === 'article' && link.article_id) nav.navigateTo(paths.articleDetail, { id: link.article_id });
  else if (link.type === 'page' && link.path) {
    const [path, query] = link.path.split('?');
    nav.navigateTo(path as RoutePath, Object.fromEntries(new URLSearchParams(query ?? '')));
  } else if (link.type === 'url' && link.url && /^https:\/\//.test(link.url)) window.open(link.url, '_blank', 'noopener,noreferrer');
}
