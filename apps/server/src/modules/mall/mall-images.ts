import type { FastifyInstance } from 'fastify';
import { catalogueTree } from './mall-catalogue.words.ts';

/** Pictures of the seeded goods, categories and slides: drawn by us as SVG (no CDN), cached by browsers. */
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function card(hue: number, big: string, small: string, w = 400, h = 400): string {
  const bg = `hsl(${hue} 70% 92%)`;
  const fg = `hsl(${hue} 60% 35%)`;
  const size = Math.round(Math.min(w, h) / Math.max(2, big.length + 0.5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="${bg}"/>
<circle cx="${w / 2}" cy="${h * 0.42}" r="${Math.min(w, h) * 0.3}" fill="hsl(${hue} 70% 82%)"/>
<text x="${w / 2}" y="${h * 0.42}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${fg}" font-family="sans-serif">${esc(big)}</text>
<text x="${w / 2}" y="${h * 0.86}" font-size="${Math.round(h / 14)}" text-anchor="middle" fill="${fg}" font-family="sans-serif">${esc(small)}</text>
</svg>`;
}

export function mallImage(name: string): string | null {
  const slide = /^slide-(\d)$/.exec(name);
  if (slide) {
    const titles = ['数码好物 Digital deals', '零食 Snacks to share', '拼邮自营 Pinyou Shop'];
    return card(Number(slide[1]) * 110, titles[Number(slide[1]) % 3].split(' ')[0], titles[Number(slide[1]) % 3], 750, 300);
  }
  const cat = /^cat-([a-z]+)$/.exec(name);
  if (cat) {
    const top = catalogueTree.find((t) => t.key === cat[1]);
    return top ? card(top.leaves[0].hue, top.zh.slice(0, 2), top.en, 160, 160) : null;
  }
  const m = /^([a-z]+)-(\d)$/.exec(name);
  if (!m) return null;
  for (const top of catalogueTree) {
    const leaf = top.leaves.find((l) => l.key === m[1]);
    if (leaf) {
      const n = Number(m[2]);
      return card((leaf.hue + n * 30) % 360, leaf.zh, `${leaf.en} ${n + 1}`);
    }
  }
  return null;
}

export async function registerMallImageRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>('/api/files/mall/:name', async (req, reply) => {
    const svg = mallImage(req.params.name.replace(/\.svg$/, ''));
    if (!svg) return reply.code(404).send({ code: 404, msg: 'not found' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
