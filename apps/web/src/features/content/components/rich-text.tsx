import { useMemo } from 'react';
import { sanitizeRichText } from '@pinyou/contract';

/**
 * An article body. The server stores it sanitised; it is sanitised again here with the same allow-list
 * (no script, no event handlers, no javascript: links), and the page's CSP forbids inline script anyway.
 */
export function RichText({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeRichText(html), [html]);
  return <div className="ct-rich" data-testid="rich-text" dangerouslySetInnerHTML={{ __html: safe }} />;
}
