// The walls of the customer web app (apps/web/src), for `npm run lint`:
// - a feature (features/<d>/) imports neither another feature nor the app layer (app/);
// - lib/ and components/ import neither features nor the app layer.
// What several features need goes to components/ (shared UI) or lib/; screens that compose several domains
// live in app/screens/.
import { dirname, relative, resolve, sep } from 'node:path';

const WEB_SRC = resolve(import.meta.dirname, '../apps/web/src');

/** The zone of a file under apps/web/src: 'app', 'lib', 'components', 'feature:<d>', 'other'; null outside. */
export function webZoneOf(file) {
  const rel = relative(WEB_SRC, file);
  if (rel.startsWith('..') || rel === '') return null;
  const [top, second] = rel.split(sep);
  if (top === 'features') return second ? `feature:${second}` : 'other';
  if (top === 'app' || top === 'lib' || top === 'components') return top;
  return 'other';
}

/** Why `from` may not import `to` ('feature' or 'app'), or null when it may. */
export function webZoneBreach(from, to) {
  const source = webZoneOf(from);
  const target = webZoneOf(to);
  if (!source || !target) return null;
  const shared = source === 'lib' || source === 'components';
  if (target === 'app' && (shared || source.startsWith('feature:'))) return 'app';
  if (target.startsWith('feature:') && (shared || (source.startsWith('feature:') && source !== target))) return 'feature';
  return null;
}

export default {
  meta: { name: 'pinyou-web' },
  rules: {
    zones: {
      meta: {
        type: 'problem',
        messages: {
          feature:
            "'{{spec}}' is inside another feature: features meet only in app/; move what several features need to components/ or lib/.",
          app: "'{{spec}}' is in the app layer, which composes features: features, lib/ and components/ do not import it.",
        },
      },
      create(context) {
        const from = context.filename;
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const breach = webZoneBreach(from, resolve(dirname(from), spec));
          if (breach) context.report({ node: node.source, messageId: breach, data: { spec } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
