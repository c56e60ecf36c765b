/**
 * The field's words in both languages, as data: each concept lists how customers and our articles say it.
 * A question and a passage that name the same concept share a term, whatever words or language each uses
 * ("哪些东西不能空运" and "What may not fly"). Staff add concepts or words in the console (stored in the
 * database, merged with these). A one-character Chinese word counts only as a whole word (方 in 0.5方, not in 方式).
 */
export interface LexiconConcept {
  key: string;
  terms: string[];
}

/** [concept, its words separated by |] */
const raw: Array<[string, string]> = [
  [
    'prohibited',
    "禁运|禁寄|不能寄|不可以寄|不能发|违禁|违禁品|禁运品|禁止|不准|不允许|不可以|不能|不让|不能空运|不可以空运|不能走空运|能不能寄|可以寄|能寄|能空运|可以空运|能走空运|能发空运|可以带|能带|哪些东西不能|什么不能|prohibited|prohibit|not allowed|banned|ban|forbidden|may not|restricted|not permitted|can i send|can u send|can you send|can we send|can i ship|can i post|allowed|is it ok to send|what can't|cannot send|can't send|may not fly",
  ],
  ['air', '空运|航空|飞机|空派|air|air freight|airfreight|fly|flight|airmail|by plane'],
  ['sea', '海运|船运|海路|走船|sea|sea freight|ocean|by ship|by boat'],
  ['cbm', '方|立方|立方米|个方|cbm|cubic meter|cubic metre|m3|volume|体积'],
  [
    'fee',
    '运费|邮费|运输费|价格|收费|费用|多少钱|怎么收费|怎么算|价钱|贵不贵|freight cost|shipping fee|shipping cost|cost|price|charge|fee|rate|how much',
  ],
  ['consolidation', '集运|拼邮|合箱|转运|拼运|consolidation|consolidate|forwarding|combine parcels'],
  ['leader', '团长|拼团|团购|跟团|leader|group leader|group shipping|group'],
  ['pickup', '自提|自提点|取件|取货|自取|pick-up|pickup|pick up|collect|collection point'],
  [
    'timing',
    '多久|多长时间|几天|时效|什么时候到|多少天|工作日|到货时间|要几天|how long|time|shipping time|时间|time|shipping time|时间|how many days|transit time|delivery time|days|when will|arrive|take|estimate',
  ],
  ['return', '退货|退回|退件|退掉|寄回|return|send back|returns'],
  ['search_fee', '查件费|查件|search fee|search'],
  ['power_bank', '充电宝|移动电源|尿宝|power bank|powerbank|portable charger'],
  ['battery', '电池|锂电池|带电|battery|batteries|lithium'],
  ['ecig', '电子烟|烟弹|e-cigarette|ecig|vape|vapes'],
  ['perfume', '香水|古龙水|perfume|fragrance|cologne'],
  ['flammable', '易燃|易燃品|打火机|火柴|油漆|喷雾|指甲油|flammable|lighter|matches|aerosol|paint|nail polish'],
  ['liquid', '液体|凝胶|膏体|粉末|水乳|洗发水|liquid|liquids|gel|cream|powder|shampoo'],
  ['cosmetics', '化妆品|彩妆|护肤品|口红|cosmetics|makeup|lipstick|skincare'],
  ['magnet', '磁铁|带磁|magnet|magnets|magnetic'],
  ['medicine', '药|药品|中药|药物|medicine|medicines|drug|drugs|pills'],
  ['food', '食品|零食|吃的|生鲜|易腐|food|snacks|fresh food|perishable'],
  ['alcohol', '酒|白酒|酒类|红酒|烟草|香烟|alcohol|wine|liquor|tobacco|cigarettes'],
  ['weapon', '刀|刀具|武器|仿真枪|枪|knife|knives|weapon|weapons|replica|gun'],
  ['counterfeit', '假货|假冒|仿牌|现金|counterfeit|fake|cash'],
  ['sensitive', '敏感货|敏感|敏感线|sensitive|sensitive goods'],
  ['special', '特货|品牌货|家具|special goods|brand-name|branded|furniture'],
  ['weight', '重量|公斤|千克|kg|kilo|kilos|weight|heavy|重'],
  [
    'size_limit',
    'max|maximum|max weight|heaviest|最重|最大|最多|尺寸|大小|长宽高|最长边|尺寸限制|限重|size|dimensions|longest side|limit|size limit|max size',
  ],
  ['chargeable', '计费重量|体积重|抛重|泡货|计费|chargeable weight|volumetric weight|dimensional weight|chargeable|volumetric'],
  ['small_parcel', '小包裹|小件|小包|small parcel|small package'],
  ['band', '大件|大包裹|档位|大包|band|bands|big parcel|large parcel'],
  ['oversize', '超大件|超大|超长|超重|oversize|oversized|too big|huge|over 500'],
  ['surcharge', '附加费|额外收费|加收|surcharge|extra charge|additional fee'],
  ['clearance', '清关|报关|特殊清关|单独清关|customs|clearance|clear customs'],
  ['topup', '充值|充钱|转账|银行转账|paynow|微信支付|top up|top-up|topup|recharge|deposit|add money|bank transfer|wechat pay'],
  ['review', '审核|审批|到账|没到账|凭证|review|approve|approval|voucher|credited|not arrived'],
  ['mall', '商城|商城订单|代购|mall|mall order|shop'],
  ['jd', '京东|jd|jingdong'],
  ['pdd', '拼多多|pdd|pinduoduo'],
  ['red_packet', '红包|清零|red packet|red packets|hongbao|cleared|expire'],
  ['rebate', '返利|返现|rebate|cashback'],
  ['free_shipping', '包邮|免邮|免运费|free shipping|ships free'],
  ['id_label', '标识|无标识|收件人|写id|写上id|receiver name|unmarked|my id|label'],
  ['warehouse', '仓库|广州仓|仓库地址|收货地址|warehouse|warehouse address'],
  ['declare', '申报|登记|预报|报单|declare|declaration|register parcel'],
  ['packing', '打包|装箱|pack|packing|packed'],
  [
    'steps',
    '怎么|如何|how do i|how to|how do you|how to use|how do i use|use your|works|how shipping works|流程|步骤|怎么用|怎么寄|如何寄|怎么集运|how does it work|steps|process|how to ship|how it works',
  ],
  ['holiday', '假期|节假日|放假|公众假期|holiday|holidays|public holiday'],
  ['inspection', '查验|安检|扣货|被扣|inspection|security check|held'],
  ['not_arrived', "未到账|没到账|还没到账|不到账|没有到账|not arrived|not credited|hasn't arrived|has not arrived|not received"],
  ['shop_sites', '淘宝|天猫|1688|taobao|tmall|1688'],
  ['cancel', '取消|撤销|cancel|cancellation'],
];

export const builtInLexicon: LexiconConcept[] = raw.map(([key, terms]) => ({ key, terms: terms.split('|') }));
