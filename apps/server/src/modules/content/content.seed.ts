import fs from 'node:fs';
import path from 'node:path';
import type { ContentService } from './content.service.ts';
import { accountFixtures as accountRepo } from '../account/index.ts';
import { hashPassword } from '../../core/crypto.ts';
import type { Db } from '../../db/client.ts';

const li = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/**
 * The rules and guides customers asked us about most, from the business constants of the service
 * (spec §9). They are ordinary articles: staff edit them in the console, and the assistant answers from them.
 */
export const seedArticles = [
  {
    slug: 'air-freight-rules',
    category: 'rules' as const,
    sort: 100,
    title_en: 'Air freight rules',
    title_zh: '空运规则',
    summary_en: 'What may not fly, chargeable weight, size limits and timing.',
    summary_zh: '禁运物品、计费重量、尺寸限制与时效。',
    body_en: `<h2>What may not fly</h2>${li([
      'Power banks, loose lithium batteries and e-cigarettes',
      'Flammables: lighters, matches, perfume, nail polish, aerosols, paint',
      'Liquids, gels, creams and powders in bulk',
      'Knives, weapons, replicas and their parts',
      'Medicines, drugs, tobacco, alcohol, fresh or perishable food',
      'Counterfeit brands, cash, and anything Singapore prohibits',
    ])}<h2>Sensitive and special goods</h2>${li([
      'Goods with built-in batteries, magnets or cosmetics travel on the sensitive air line at the sensitive rate.',
      'Special goods (brand-name goods, medicines, furniture) go by sea only.',
      'Declare the right category: a wrong one can hold the whole shipment at security or customs.',
    ])}<h2>Chargeable weight</h2>${li([
      'Each piece is charged by the greater of its actual weight and its volumetric weight: L × W × H (cm) ÷ 6000.',
      'The pieces are added up and rounded up to the next 0.5 kg.',
      'Price: the first 0.5 kg, then each further 0.5 kg, at the rate of the category. The freight calculator shows the sum line by line.',
    ])}<h2>Size limits</h2>${li([
      'Keep each piece under 30 kg and its longest side under 120 cm; bigger pieces are better sent by sea.',
      'For shipments over 100 kg please contact customer service first.',
    ])}<h2>Timing</h2>${li([
      'Air to door: about 3–7 working days from departure.',
      'Customs inspections and public holidays can add a few days.',
    ])}`,
    body_zh: `<h2>禁止空运的物品</h2>${li([
      '充电宝、单独的锂电池和电子烟',
      '易燃品：打火机、火柴、香水、指甲油、喷雾、油漆',
      '大量液体、凝胶、膏体和粉末',
      '刀具、武器、仿真枪及其配件',
      '药品、毒品、烟草、酒类、生鲜及易腐食品',
      '假冒品牌、现金，以及新加坡禁止进口的物品',
    ])}<h2>敏感货与特货</h2>${li([
      '带内置电池、磁铁或化妆品的货物走敏感空运线路，按敏感货收费。',
      '特货（品牌货、药品、家具等）只能走海运。',
      '请如实选择货物类别，类别错误可能导致整批货物在安检或海关被扣。',
    ])}<h2>计费重量</h2>${li([
      '每件按实际重量与体积重（长×宽×高（厘米）÷6000）中较大者计费。',
      '各件相加后按0.5公斤向上取整。',
      '价格：首0.5公斤加续0.5公斤，按货物类别的费率计算。运费计算器会逐项列出。',
    ])}<h2>尺寸限制</h2>${li(['建议每件不超过30公斤、最长边不超过120厘米；更大的货物建议走海运。', '超过100公斤的货物请先联系客服。'])}<h2>时效</h2>${li(
      ['空运到门：发出后约3–7个工作日。', '海关查验及公众假期可能顺延几天。'],
    )}`,
  },
  {
    slug: 'sea-parcel-size',
    category: 'rules' as const,
    sort: 90,
    title_en: 'Sea freight: parcel sizes and surcharges',
    title_zh: '海运：包裹尺寸与附加费',
    summary_en: 'Small parcels, volume bands, oversize surcharge and special clearance.',
    summary_zh: '小包裹、体积档位、超大件附加费与特殊清关。',
    body_en: `<h2>Small parcel</h2><p>A sea parcel counts as small when the sum of its three sides is at most 180 cm, its volume is under 0.4 cbm and it weighs under 30 kg.</p>
<h2>Big parcel bands</h2><table><thead><tr><th>Band</th><th>Volume</th></tr></thead><tbody><tr><td>1</td><td>under 0.4 cbm</td></tr><tr><td>2</td><td>0.4 to 1 cbm</td></tr><tr><td>3</td><td>over 1 cbm</td></tr></tbody></table>
<h2>Oversize surcharge</h2><p>A piece over 500 kg, or with a side over 400 cm, or with two sides over 200 cm is oversize: a surcharge applies, usually S$280 per car.</p>
<h2>Special clearance</h2><p>The special clearance service fee is S$50.</p>`,
    body_zh: `<h2>小包裹</h2><p>海运包裹三边之和不超过180厘米、体积小于0.4立方米且重量小于30公斤，按小包裹计。</p>
<h2>大包裹档位</h2><table><thead><tr><th>档位</th><th>体积</th></tr></thead><tbody><tr><td>1</td><td>小于0.4立方米</td></tr><tr><td>2</td><td>0.4至1立方米</td></tr><tr><td>3</td><td>大于1立方米</td></tr></tbody></table>
<h2>超大件附加费</h2><p>单件超过500公斤、或单边超过400厘米、或两边超过200厘米为超大件，收取附加费，通常每车S$280。</p>
<h2>特殊清关</h2><p>特殊清关服务费为S$50。</p>`,
  },
  {
    slug: 'returns-fees',
    category: 'rules' as const,
    sort: 80,
    title_en: 'Returns and the search fee',
    title_zh: '退货与查件费',
    summary_en: 'How a return works and what it costs.',
    summary_zh: '退货流程与费用。',
    body_en: `<h2>Return search fee</h2><p>Returning parcels from the warehouse costs a search fee of 30 yuan for the first piece and 10 yuan for each further piece. Group leaders pay no search fee.</p>
<h2>Steps</h2><ol><li>Apply for the return with the consignee, their phone and the return address.</li><li>Staff review the request.</li><li>Pay the return fee.</li><li>The parcel is sent to the return address.</li></ol><p>You can cancel a return before it is sent.</p>`,
    body_zh: `<h2>退货查件费</h2><p>从仓库退货需支付查件费：首件30元，续件每件10元。团长免查件费。</p>
<h2>流程</h2><ol><li>填写收件人、电话和退货地址申请退货。</li><li>客服审核。</li><li>支付退货费用。</li><li>包裹寄往退货地址。</li></ol><p>寄出前可以取消退货。</p>`,
  },
  {
    slug: 'payment-review',
    category: 'guide' as const,
    sort: 70,
    title_en: 'Top-ups and payment review times',
    title_zh: '充值与付款审核时间',
    summary_en: 'WeChat Pay, PayNow and bank transfer: when the money arrives.',
    summary_zh: '微信支付、PayNow 和银行转账的到账时间。',
    body_en: `<h2>Ways to top up</h2><ul><li>WeChat Pay and PayNow: instant.</li><li>Bank transfer: upload the transfer voucher; staff review it manually.</li></ul>
<h2>Review time</h2><p>A manual payment review takes 1 working day. If an instant payment has not arrived after 3 minutes, switch to the offline (bank transfer) method and upload the voucher.</p>`,
    body_zh: `<h2>充值方式</h2><ul><li>微信支付和 PayNow：即时到账。</li><li>银行转账：上传转账凭证，由客服人工审核。</li></ul>
<h2>审核时间</h2><p>人工审核付款需1个工作日。即时支付3分钟后仍未到账，请改用线下（银行转账）方式并上传凭证。</p>`,
  },
  {
    slug: 'mall-delivery',
    category: 'guide' as const,
    sort: 60,
    title_en: 'Mall orders: delivery times and tips',
    title_zh: '商城订单：配送时效与提示',
    summary_en: 'Sea and air delivery estimates, JD free shipping, PDD red packets.',
    summary_zh: '海运和空运时效、京东包邮、拼多多红包。',
    body_en: `<h2>Delivery estimates</h2><ul><li>Sea: 7–14 working days.</li><li>Air: 3–7 working days.</li><li>Above 100 kg please contact customer service.</li></ul>
<h2>Good to know</h2><ul><li>JD ships free within mainland China when the goods cost over 59 RMB.</li><li>The minimum rebate is 0.06.</li><li>PDD red packets are cleared every Sunday at 24:00.</li><li>Unmarked parcels are sorted back within 2 weeks: always write your ID after the receiver name.</li></ul>`,
    body_zh: `<h2>配送时效</h2><ul><li>海运：7–14个工作日。</li><li>空运：3–7个工作日。</li><li>超过100公斤请联系客服。</li></ul>
<h2>提示</h2><ul><li>京东商品金额满59元国内包邮。</li><li>返利最低0.06。</li><li>拼多多红包每周日24:00清零。</li><li>无标识包裹将在2周内退回分拣：收件人后务必写上您的ID。</li></ul>`,
  },
  {
    slug: 'how-to-ship',
    category: 'guide' as const,
    sort: 50,
    title_en: 'How shipping with Pinyou works',
    title_zh: '拼邮集运流程',
    summary_en: 'From your shopping site to your door in five steps.',
    summary_zh: '从购物网站到您家门口的五个步骤。',
    body_en: `<ol><li>Shop on Taobao, JD, 1688 or PDD and send to our Guangzhou warehouse address (with your ID after the receiver name).</li><li>Declare each parcel with its tracking number, goods name and value.</li><li>When the parcels are in the warehouse, request packing and choose group shipping, sea to door or air.</li><li>Pay the freight bill from your wallet.</li><li>Track the shipment and confirm receipt.</li></ol>`,
    body_zh: `<ol><li>在淘宝、京东、1688或拼多多购物，寄到我们的广州仓库地址（收件人后写上您的ID）。</li><li>用快递单号、商品名称和价值申报每个包裹。</li><li>包裹到仓后申请打包，选择拼团集运、海运到门或空运。</li><li>用钱包支付运费账单。</li><li>跟踪物流并确认收货。</li></ol>`,
  },
];

function slideSvg(title: string, color: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300"><rect width="750" height="300" fill="${color}"/><text x="40" y="170" font-family="sans-serif" font-size="48" fill="#fff">${title}</text></svg>`;
}

export async function seedContent(s: { db: Db; content: ContentService; uploadsDir: string }, demoIds: { demoId: number }) {
  const ids: Record<string, number> = {};
  const anHourAgo = new Date(Date.now() - 3600_000).toISOString();
  for (const a of seedArticles) {
    const row = await s.content.saveArticle({ ...a, cover: '' });
    await s.content.publish('article', row.id, true, anHourAgo);
    ids[a.slug] = row.id;
  }
  const n1 = await s.content.saveNotice({
    title_en: 'Air freight: read the rules before you declare',
    title_zh: '空运：申报前请阅读空运规则',
    body_en: 'Power banks, liquids and other goods may not fly.',
    body_zh: '充电宝、液体等物品不能空运。',
    sort: 10,
    link_type: 'article',
    link_target: String(ids['air-freight-rules']),
  });
  const n2 = await s.content.saveNotice({
    title_en: 'Write your ID after the receiver name on every order',
    title_zh: '下单时请在收件人后填写您的ID',
    body_en: 'Unmarked parcels are sorted back within 2 weeks.',
    body_zh: '无标识包裹将在2周内退回分拣。',
    sort: 5,
    link_type: 'article',
    link_target: String(ids['how-to-ship']),
  });
  for (const n of [n1, n2]) await s.content.publish('notice', n.id, true, anHourAgo);

  const dir = path.join(s.uploadsDir, 'content');
  fs.mkdirSync(dir, { recursive: true });
  const slides = [
    {
      file: 'slide-air.svg',
      svg: slideSvg('Air to door in 3–7 days', '#197CFF'),
      en: 'Air freight rules',
      zh: '空运规则',
      type: 'article' as const,
      target: String(ids['air-freight-rules']),
    },
    {
      file: 'slide-calc.svg',
      svg: slideSvg('Freight calculator', '#0a9e6e'),
      en: 'Calculate your freight',
      zh: '运费计算',
      type: 'page' as const,
      target: 'pages/index/calculate-freight',
    },
  ];
  for (const [i, sl] of slides.entries()) {
    fs.writeFileSync(path.join(dir, sl.file), sl.svg);
    const row = await s.content.saveSlide({
      image: `/uploads/content/${sl.file}`,
      title_en: sl.en,
      title_zh: sl.zh,
      sort: 10 - i,
      link_type: sl.type,
      link_target: sl.target,
    });
    await s.content.publish('slide', row.id, true, anHourAgo);
  }

  // A pickup-site account: a customer who holds the 'pickup' role (spec §6).
  if (!(await accountRepo.findUserByAccount(s.db, 'pickup'))) {
    await accountRepo.insertUser(s.db, {
      userAccount: 'pickup',
      phone: '81230009',
      passwordHash: await hashPassword('pickup1234'),
      nickname: 'Tampines PDD Pickup',
      roles: ['user', 'pickup'],
      language: 'zh_CN',
    });
  }
  void demoIds;
}
