import type { EvalCase } from './eval-case.ts';

const AIR_NO = 'air-freight-rules#0';
const AIR_SENS = 'air-freight-rules#1';
const AIR_CW = 'air-freight-rules#2';
const AIR_SIZE = 'air-freight-rules#3';
const AIR_TIME = 'air-freight-rules#4|mall-delivery#0';
const SEA_SMALL = 'sea-parcel-size#0';
const SEA_BANDS = 'sea-parcel-size#1';
const SEA_OVER = 'sea-parcel-size#2';
const SEA_SPECIAL = 'sea-parcel-size#3';
const RET_FEE = 'returns-fees#0';
const RET_STEPS = 'returns-fees#1';
const PAY_WAYS = 'payment-review#0';
const PAY_TIME = 'payment-review#1';
const MALL_TIME = 'mall-delivery#0';
const MALL_TIPS = 'mall-delivery#1';
const HOW = 'how-to-ship#0';

/** 中文问题（含口语、错别字、中英混合）：[问题, 期望的段落或工具, 答案须包含的事实, 不得出现的词]。 */
export const chineseCases: EvalCase[] = [
  ['哪些东西不能空运？', AIR_NO, '充电宝'],
  ['香水可以空运吗', AIR_NO, '不可以|香水'],
  ['充电宝可以空运吗？', AIR_NO, '不可以|充电宝'],
  ['空运禁运品有哪些', AIR_NO, '充电宝'],
  ['电子烟能走空运吗', AIR_NO, '电子烟'],
  ['打火机能寄空运吗', AIR_NO, '打火机'],
  ['指甲油可以空运么', AIR_NO, '指甲油'],
  ['空运不能寄什么', AIR_NO, '充电宝'],
  ['刀具能不能空运', AIR_NO, '刀具'],
  ['酒可以空运吗', AIR_NO, '酒类'],
  ['药品能空运吗？', AIR_NO, '药品'],
  ['空运违禁品清单', AIR_NO, '充电宝'],
  ['亲，零食能发空运吗', AIR_NO, '易腐食品'],
  ['洗发水可以走空运吗', AIR_NO, '液体'],
  ['假货能空运吗', AIR_NO, '假冒'],
  ['什么东西不可以坐飞机寄', AIR_NO, '充电宝'],
  ['带电池的东西走什么线路', AIR_SENS, '敏感'],
  ['有磁铁的货能空运吗', AIR_SENS, '磁铁'],
  ['化妆品空运怎么收费', AIR_SENS, '化妆品'],
  ['家具可以空运吗', AIR_SENS, '只能走海运'],
  ['货物类别选错了会怎样', AIR_SENS, '类别错误'],
  ['空运计费重量怎么算', AIR_CW, '6000'],
  ['体积重怎么算', AIR_CW, '6000'],
  ['空运重量怎么取整', AIR_CW, '0.5公斤'],
  ['空运是按实重还是体积重收费', AIR_CW, '较大者'],
  ['抛重怎么算的', AIR_CW, '6000'],
  ['空运每件最重多少', AIR_SIZE, '30公斤'],
  ['空运尺寸限制是多少', AIR_SIZE, '120厘米'],
  ['空运最长边多长', AIR_SIZE, '120厘米'],
  ['空运超过100公斤怎么办', AIR_SIZE + '|' + MALL_TIME, '联系客服'],
  ['空运要多久', AIR_TIME, '3–7'],
  ['空运几天能到', AIR_TIME, '3–7个工作日'],
  ['节假日空运会延误吗', 'air-freight-rules#4', '假期'],
  ['海运小包裹是什么标准', SEA_SMALL, '180厘米'],
  ['什么算小件', SEA_SMALL, '0.4立方米'],
  ['海运大包裹档位怎么分', SEA_BANDS, '0.4'],
  ['海运体积档位', SEA_BANDS, '1立方米'],
  ['海运超大件附加费是多少', SEA_OVER, 'S$280'],
  ['超大件要加收多少钱', SEA_OVER, 'S$280'],
  ['多大算超大件', SEA_OVER, '500公斤'],
  ['特殊清关费多少钱', SEA_SPECIAL, 'S$50'],
  ['特殊清关服务收费', SEA_SPECIAL, 'S$50'],
  ['退货查件费多少钱', RET_FEE, '首件30元'],
  ['退3个包裹要多少查件费', RET_FEE, '10元'],
  ['团长要付查件费吗', RET_FEE, '团长免查件费'],
  ['从仓库退货收费吗', RET_FEE, '30元'],
  ['怎么退货', RET_STEPS, '退货'],
  ['退货可以取消吗', RET_STEPS, '取消'],
  ['有哪些充值方式', PAY_WAYS, 'PayNow'],
  ['可以用paynow充值吗', PAY_WAYS, 'PayNow'],
  ['银行转账怎么充值', PAY_WAYS, '凭证'],
  ['银行转账审核要多久？', PAY_TIME, '1个工作日'],
  ['微信支付5分钟了还没到账', PAY_TIME, '3分钟'],
  ['人工审核付款要多长时间', PAY_TIME, '1个工作日'],
  ['海运要多久', MALL_TIME, '7–14'],
  ['海运几天到', MALL_TIME, '7–14个工作日'],
  ['拼多多红包什么时候清零', MALL_TIPS, '周日'],
  ['京东包邮吗', MALL_TIPS, '59元'],
  ['返利最低多少', MALL_TIPS, '0.06'],
  ['没写ID的包裹会怎么样', MALL_TIPS, '2周'],
  ['集运流程是怎样的', HOW, '申报'],
  ['淘宝买的东西怎么寄过来', HOW, '淘宝'],
  ['你们的集运怎么用', HOW, '仓库'],
  // 运费报价：计价引擎的数字。
  ['海运0.5方多少钱', 'tool:freight_quote', 'S$90.00'],
  ['0.5立方海运运费', 'tool:freight_quote', 'S$90.00'],
  ['海运1方多少钱', 'tool:freight_quote', 'S$180.00'],
  ['2个方海运要多少钱', 'tool:freight_quote', 'S$320.00'],
  ['0.3方走海运多少', 'tool:freight_quote', 'S$60.00'],
  ['海运0.8立方米运费', 'tool:freight_quote', 'S$144.00'],
  ['空运3公斤多少钱', 'tool:freight_quote', 'S$34.50'],
  ['1kg空运运费', 'tool:freight_quote', 'S$16.50'],
  ['寄5公斤空运要多少钱', 'tool:freight_quote', 'S$52.50'],
  ['10千克空运价格', 'tool:freight_quote', 'S$97.50'],
  ['空运2.3公斤多少钱', 'tool:freight_quote', 'S$30.00'],
  ['40x30x20厘米运费多少', 'tool:freight_quote', 'S$10.00|S$43.50'],
  ['3公斤 40*30*20 空运多少钱', 'tool:freight_quote', 'S$43.50'],
  ['60x50x40海运多少钱', 'tool:freight_quote', 'S$30.00'],
  ['100×80×60 海运运费', 'tool:freight_quote', 'S$86.40'],
  ['1.5方海运多少', 'tool:freight_quote', 'S$240.00'],
  ['海运0.1方价格', 'tool:freight_quote', 'S$20.00'],
  ['6斤空运多少钱', 'tool:freight_quote', 'S$34.50'],
  // 自己的东西。
  ['我的包裹到哪了', 'tool:my_parcels', 'JD0012345678901|未到仓|已在仓库', '发往新加坡|已发出'],
  ['我的快递到了吗', 'tool:my_parcels', 'JD0012345678901', '发往新加坡|已发出'],
  ['包裹到仓了没', 'tool:my_parcels', '已在仓库', '发往新加坡|已发出'],
  ['查一下我的包裹', 'tool:my_parcels', 'JD0012345678901', '发往新加坡|已发出'],
  ['我的东西发货了吗', 'tool:my_parcels', '未到仓', '发往新加坡|已发出'],
  ['JD0012345678901到哪了', 'tool:parcel_status', '未到仓', '发往新加坡|已发出'],
  ['查单号JD0012345678901', 'tool:parcel_status', 'JD0012345678901', '发往新加坡|已发出'],
  ['SF9999999999999 在哪', 'tool:parcel_status', '没有单号为 SF9999999999999 的包裹'],
  ['我还有多少账单要付？', 'tool:amount_owed', '没有待支付的账单'],
  ['我欠多少钱', 'tool:amount_owed', '没有待支付的账单'],
  ['有没有未支付的账单', 'tool:amount_owed', '没有待支付的账单'],
  ['我们团什么时候打包', 'tool:group_packing_date', '还没有加入团'],
  ['打包日期是哪天', 'tool:group_packing_date', '还没有加入团'],
  ['我的商城订单到哪了', 'tool:mall_orders', '还没有商城订单'],
  ['我的订单状态', 'tool:mall_orders', '还没有商城订单'],
  ['我充值到账了吗', 'tool:topups', '没有充值记录'],
  ['我的充值怎么还没到账', 'tool:topups', '没有充值记录'],
  ['我有优惠券吗', 'tool:coupons', '没有可用的优惠券'],
  ['我的券什么时候过期', 'tool:coupons', '没有可用的优惠券'],
  // 文章里没有的：直说。
  ['今天天气怎么样', 'none', '没有找到'],
  ['讲个笑话', 'none', '没有找到'],
  ['新加坡总统是谁', 'none', '没有找到'],
];
