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

/** English questions: [question, expected section(s) or tool:NAME or none, facts the answer must contain, words it must not]. */
export const englishCases: EvalCase[] = [
  ['What items are prohibited for air freight?', AIR_NO, 'Power banks'],
  ['Can I send perfume by air?', AIR_NO, 'No.|perfume'],
  ['can i ship a power bank by air', AIR_NO, 'No.|Power banks'],
  ['Are e-cigarettes allowed on air freight?', AIR_NO, 'e-cigarettes'],
  ['is vape ok to send by plane', AIR_NO, 'e-cigarettes'],
  ["What can't fly?", AIR_NO, 'Power banks'],
  ['banned items air', AIR_NO, 'Power banks'],
  ['prohibted items by air', AIR_NO, 'Power banks'],
  ['Can I send nail polish by air freight?', AIR_NO, 'nail polish'],
  ['lighter by air allowed?', AIR_NO, 'lighters'],
  ['Can I air ship knives?', AIR_NO, 'Knives'],
  ['is alcohol allowed by air', AIR_NO, 'alcohol'],
  ['can i send medicine via air freight', AIR_NO, 'Medicines'],
  ['Can I send shampoo and creams by air?', AIR_NO, 'Liquids'],
  ['can u send fake brand stuff by air', AIR_NO, 'Counterfeit'],
  ['What goods are not allowed on the plane?', AIR_NO, 'Power banks'],
  ['Goods with a built-in battery: which air line?', AIR_SENS, 'sensitive'],
  ['my item has magnets, can it go by air?', AIR_SENS, 'magnets'],
  ['Can cosmetics go by air?', AIR_SENS, 'cosmetics'],
  ['Can furniture be sent by air?', AIR_SENS, 'sea only'],
  ['What happens if I declare the wrong category?', AIR_SENS, 'wrong'],
  ['How is air freight chargeable weight calculated?', AIR_CW, '6000'],
  ['what is volumetric weight for air', AIR_CW, '6000'],
  ['air weight rounded up to what?', AIR_CW, '0.5 kg'],
  ['How do you charge air freight, actual weight or volume?', AIR_CW, 'greater'],
  ['dimensional weight divisor?', AIR_CW, '6000'],
  ['Max weight per piece for air?', AIR_SIZE, '30 kg'],
  ['what is the size limit for air parcels', AIR_SIZE, '120 cm'],
  ['longest side allowed by air', AIR_SIZE, '120 cm'],
  ['My shipment is over 100 kg by air, what do I do?', AIR_SIZE + '|' + MALL_TIME, 'customer service'],
  ['How long does air freight take?', AIR_TIME, '3–7 working days'],
  ['air delivery how many days', AIR_TIME, '3–7'],
  ['Do public holidays delay air shipments?', 'air-freight-rules#4', 'holidays'],
  ['What counts as a small sea parcel?', SEA_SMALL, '180 cm'],
  ['small parcel definition sea', SEA_SMALL, '0.4 cbm'],
  ['What are the big parcel bands for sea freight?', SEA_BANDS, '0.4'],
  ['sea freight volume bands', SEA_BANDS, '1 cbm'],
  ['What is the oversize surcharge for sea freight?', SEA_OVER, 'S$280'],
  ['oversized piece extra charge?', SEA_OVER, 'S$280'],
  ['when is a piece considered oversize', SEA_OVER, '500 kg'],
  ['my box is over 500kg, any surcharge?', SEA_OVER, 'S$280'],
  ['How much is the special clearance fee?', SEA_SPECIAL, 'S$50'],
  ['special customs clearance cost', SEA_SPECIAL, 'S$50'],
  ['How much is the return search fee?', RET_FEE, '30 yuan'],
  ['return fee for 3 parcels?', RET_FEE, '10 yuan'],
  ['Do group leaders pay the search fee?', RET_FEE, 'Group leaders pay no search fee'],
  ['cost to send a parcel back from the warehouse', RET_FEE, '30 yuan'],
  ['How do I return a parcel?', RET_STEPS, 'return'],
  ['Can I cancel a return?', RET_STEPS, 'cancel'],
  ['What are the ways to top up?', PAY_WAYS, 'PayNow'],
  ['can i top up with paynow', PAY_WAYS, 'PayNow'],
  ['top up by bank transfer how', PAY_WAYS, 'voucher'],
  ['How long does the review of a bank transfer take?', PAY_TIME, '1 working day'],
  ['wechat pay not arrived after 5 minutes', PAY_TIME, '3 minutes'],
  ['How long for manual payment approval?', PAY_TIME, '1 working day'],
  ['How long does sea freight take?', MALL_TIME, '7–14'],
  ['sea shipping time', MALL_TIME, '7–14'],
  ['When are PDD red packets cleared?', MALL_TIPS, 'Sunday'],
  ['does JD ship free?', MALL_TIPS, '59'],
  ['what is the minimum rebate', MALL_TIPS, '0.06'],
  ['what happens to parcels without my ID', MALL_TIPS, '2 weeks'],
  ['How does shipping with Pinyou work?', HOW, 'Declare'],
  ['what are the steps to ship from taobao', HOW, 'Taobao'],
  ['how do i use your consolidation service', HOW, 'warehouse'],
  // Freight quotes: the pricing engine's numbers.
  ['How much is sea freight for 0.5 cbm?', 'tool:freight_quote', 'S$90.00|0.50 cbm'],
  ['0.5 cbm sea', 'tool:freight_quote', 'S$90.00'],
  ['price for 1 cbm by sea', 'tool:freight_quote', 'S$180.00'],
  ['2 cbm sea freight cost', 'tool:freight_quote', 'S$320.00'],
  ['0.3cbm sea how much', 'tool:freight_quote', 'S$60.00'],
  ['shipping 0.8 cubic meters by sea', 'tool:freight_quote', 'S$144.00'],
  ['3 kg air', 'tool:freight_quote', 'S$34.50'],
  ['How much to send 1kg by air?', 'tool:freight_quote', 'S$16.50'],
  ['air freight for 5 kg', 'tool:freight_quote', 'S$52.50'],
  ['10 kg by air price', 'tool:freight_quote', 'S$97.50'],
  ['2.3 kg air cost?', 'tool:freight_quote', 'S$30.00'],
  ['40x30x20 cm', 'tool:freight_quote', 'S$10.00|S$43.50'],
  ['How much to ship 3 kg 40x30x20 by air?', 'tool:freight_quote', 'S$43.50'],
  ['60x50x40 by sea how much', 'tool:freight_quote', 'S$30.00'],
  ['100 x 80 x 60 cm sea freight', 'tool:freight_quote', 'S$86.40'],
  ['what would 1.5 cbm cost by sea', 'tool:freight_quote', 'S$240.00'],
  ['0.1 cbm sea price pls', 'tool:freight_quote', 'S$20.00'],
  // The customer's own things.
  [
    'Where is my parcel?',
    'tool:my_parcels',
    'JD0012345678901|not yet at the warehouse|in the warehouse',
    'on its way to Singapore|Shipped on',
  ],
  ['wheres my package', 'tool:my_parcels', 'JD0012345678901|in the warehouse', 'on its way to Singapore|Shipped on'],
  ['has my parcel arrived at the warehouse?', 'tool:my_parcels', 'in the warehouse', 'on its way to Singapore|Shipped on'],
  ['status of my parcels', 'tool:my_parcels', 'JD0012345678901', 'on its way to Singapore|Shipped on'],
  ['track my shipment', 'tool:my_parcels', 'JD0012345678901', 'on its way to Singapore|Shipped on'],
  [
    'Where is parcel JD0012345678901?',
    'tool:parcel_status',
    'JD0012345678901|not yet at the warehouse',
    'on its way to Singapore|Shipped on',
  ],
  ['status JD0012345678901', 'tool:parcel_status', 'not yet at the warehouse', 'on its way to Singapore|Shipped on'],
  ['where is SF9999999999999', 'tool:parcel_status', 'There is no parcel with the number SF9999999999999'],
  ['How much do I owe?', 'tool:amount_owed', 'You owe nothing'],
  ['do I have any unpaid bills', 'tool:amount_owed', 'You owe nothing'],
  ['outstanding bills?', 'tool:amount_owed', 'You owe nothing'],
  ['When is my group packing date?', 'tool:group_packing_date', 'not in a group'],
  ['when does my group pack', 'tool:group_packing_date', 'not in a group'],
  ['Where is my mall order?', 'tool:mall_orders', 'no mall orders'],
  ['my order status', 'tool:mall_orders', 'no mall orders'],
  ['Has my top-up arrived?', 'tool:topups', 'no top-ups'],
  ['status of my recharge', 'tool:topups', 'no top-ups'],
  ['Do I have coupons?', 'tool:coupons', 'no unused coupons'],
  ['when do my vouchers expire', 'tool:coupons', 'no unused coupons'],
  // Nothing in our articles: say so.
  ['What is the capital of France?', 'none', 'could not find'],
  ['tell me a joke', 'none', 'could not find'],
  ['who won the football yesterday', 'none', 'could not find'],
];
