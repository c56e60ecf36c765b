import type { CodeText } from '../code-text.ts';

/** Mall: 510-599 (not 500). Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const mallCodes = {
  PRODUCT_NOT_FOUND: 510,
  PRODUCT_OFF_SALE: 511,
  OUT_OF_STOCK: 512,
  SKU_REQUIRED: 513,
  SOURCE_OFF: 514,
  CART_ITEM_NOT_FOUND: 515,
  CART_EMPTY: 516,
  PRICE_CHANGED: 517,
  SHIPPING_MODE_NOT_ALLOWED: 518,
  ADDRESS_REQUIRED: 519,
  MALL_ORDER_NOT_FOUND: 521,
  MALL_ORDER_STATE: 522,
  MALL_ORDER_EXPIRED: 523,
  LINK_NOT_RECOGNISED: 524,
  CANCEL_NOT_ALLOWED: 525,
  CART_FULL: 526,
  WRONG_CANCEL_CALL: 527,
  AIR_TOO_HEAVY: 528,
  ITEM_NOT_IN_CATALOGUE: 529,
  JOIN_GROUP_FIRST: 530,
  CATEGORY_NOT_FOUND: 531,
  ADDRESS_NOT_FOUND: 532,
} as const;

export const mallCodeMessages: Record<keyof typeof mallCodes, CodeText> = {
  PRODUCT_NOT_FOUND: { en: 'This product does not exist', zh_CN: '该商品不存在' },
  PRODUCT_OFF_SALE: { en: 'This product is no longer on sale', zh_CN: '该商品已下架' },
  OUT_OF_STOCK: { en: 'Not enough stock: at most {stock} can be bought', zh_CN: '库存不足：最多可购买{stock}件' },
  SKU_REQUIRED: { en: 'Please choose a specification', zh_CN: '请选择规格' },
  SOURCE_OFF: { en: 'Goods from this platform cannot be bought at the moment', zh_CN: '该平台商品暂不可购买' },
  CART_ITEM_NOT_FOUND: { en: 'This item is no longer in your cart', zh_CN: '购物车中已没有该商品' },
  CART_EMPTY: { en: 'Please choose goods to settle', zh_CN: '请选择要结算的商品' },
  PRICE_CHANGED: { en: 'Prices changed since you looked: please check the new total', zh_CN: '价格已变动，请确认新的金额' },
  SHIPPING_MODE_NOT_ALLOWED: {
    en: 'Some goods cannot go by air (sensitive goods go by sea)',
    zh_CN: '部分商品不能空运（敏感货请走海运）',
  },
  ADDRESS_REQUIRED: { en: 'Please set a delivery address first', zh_CN: '请先设置收货地址' },
  MALL_ORDER_NOT_FOUND: { en: 'This order does not exist', zh_CN: '该订单不存在' },
  MALL_ORDER_STATE: { en: 'This order cannot do that in its current status', zh_CN: '订单当前状态不能进行该操作' },
  MALL_ORDER_EXPIRED: { en: 'The time to pay ran out: the order expired', zh_CN: '未在规定时间内支付，订单已失效' },
  LINK_NOT_RECOGNISED: {
    en: 'We could not recognise this link: paste a JD, Taobao, 1688 or PDD product link or share text',
    zh_CN: '无法识别该链接，请粘贴京东、淘宝、1688或拼多多的商品链接或分享口令',
  },
  CANCEL_NOT_ALLOWED: {
    en: 'The goods are already on their way and cannot be cancelled',
    zh_CN: '商品已发出，不能取消',
  },
  CART_FULL: { en: 'Your cart is full (at most 99 lines)', zh_CN: '购物车已满（最多99种商品）' },
  WRONG_CANCEL_CALL: { en: 'This order is from another source; use its own cancel', zh_CN: '该订单来自其他平台，请使用对应的取消方式' },
  AIR_TOO_HEAVY: {
    en: 'Over 100 kg: please contact customer service for air freight',
    zh_CN: '超过100公斤，空运请联系客服',
  },
  ITEM_NOT_IN_CATALOGUE: {
    en: 'This item is not in our catalogue yet: search for it by its title instead',
    zh_CN: '该商品暂未收录，请按商品名称搜索',
  },
  JOIN_GROUP_FIRST: { en: 'Join a group first to ship with a group leader', zh_CN: '请先加入团，才能随团长集运' },
  CATEGORY_NOT_FOUND: { en: 'This category does not exist', zh_CN: '该分类不存在' },
  ADDRESS_NOT_FOUND: {
    en: 'This delivery address does not exist: choose one of your addresses',
    zh_CN: '该收货地址不存在，请选择您的地址',
  },
};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const mallRuleMessages = {
  'rule.chooseGoods': { en: 'Please choose goods', zh_CN: '请选择商品' },
  'rule.shippingMode': { en: 'Please choose how the goods travel to Singapore', zh_CN: '请选择运往新加坡的方式' },
} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const mallFieldLabels: Record<string, CodeText> = {
  keyword: { en: 'Keyword', zh_CN: '关键词' },
  min_price: { en: 'Lowest price', zh_CN: '最低价' },
  max_price: { en: 'Highest price', zh_CN: '最高价' },
  cart_ids: { en: 'Goods', zh_CN: '商品' },
  platform_order_no: { en: 'Platform order number', zh_CN: '平台订单号' },
  carrier: { en: 'Courier', zh_CN: '快递公司' },
};
