/**
 * Every route of the app (spec §2), in one map: the only place the seed's URL paths are written. Which screen
 * each route shows is in app/screen-table.ts.
 */
export const paths = {
  home: 'pages/index/index',
  calculateFreight: 'pages/index/calculate-freight',
  articleDetail: 'pages/index/article-detail',
  changeRole: 'pages/index/change-role',
  map: 'pages/map/index',
  mall: 'pages/cart/index',
  my: 'pages/my/index',

  groupJoin: 'pages/group/join',
  groupDetail: 'pages/group/detail',
  groupDeliveryAdd: 'pages/group/delivery-add',
  groupApplyLeader: 'pages/group/apply-leader',
  groupSelectLeader: 'pages/group/select-leader',
  groupMyGroup: 'pages/group/my-group',
  groupAddGroup: 'pages/group/add-group',
  groupOrder: 'pages/group/order',
  myGroupPickup: 'pages/sub/mygroup',
  memberOrder: 'pages/sub/member-order',
  memberDetail: 'pages/sub/member-detail',
  memberDetail1: 'pages/sub/member-detail1',
  memberDetail2: 'pages/sub/member-detail2',
  referrerList: 'pages/sub/referrer-list',

  orderCreate: 'pages/order/creat',
  doorToDoor: 'pages/order/index',
  orderAll: 'pages/order/all',
  orderDetail: 'pages/order/detail',
  orderDetail1: 'pages/order/detail1',
  orderDetail2: 'pages/order/detail2',
  packageDetail: 'pages/order/package-detail',
  logisticsDetail: 'pages/order/logistics-detail',
  orderPackage: 'pages/order/package',
  packageList: 'pages/sub/package-list',
  deliveryTime: 'pages/sub/delivery-time',
  batchOrder: 'pages/sub/batchorder',
  batchDetail: 'pages/sub/batch_detail',
  batchList: 'pages/sub/batch-list',
  addInvoice: 'pages/sub/addVoice',
  invoice: 'pages/sub/voice',
  bigClaim: 'pages/sub/bigClaim',
  orderSuccess: 'pages/sub/addOrderScessfull',
  airRules: 'pages/sub/rules',

  cargoList: 'pages/cart_sub/cargoList',
  cargoJdDetail: 'pages/cart_sub/cargojdDetail',
  cargoLtzyDetail: 'pages/cart_sub/cargoltzyDetail',
  cargo1688Detail: 'pages/cart_sub/cargo1688Detail',
  cargoTbDetail: 'pages/cart_sub/cargotbDetail',
  cartList: 'pages/cart_sub/cartList',
  cartSettlement: 'pages/sub/cartSettlement',
  cartOrderDetail: 'pages/sub/cartOrderDetail',
  orderCenter: 'pages/sub/order-center',
  searchShop: 'pages/sub/searchShop',
  footPrint: 'pages/sub/footPrint',

  changeAccount: 'pages/sub/change-account',
  addAccount: 'pages/sub/add-account',
  gzh: 'pages/sub/gzh',
  terms: 'pages/sub/terms',
  addressList: 'pages/sub/address-list',
  addressAdd: 'pages/sub/address-add',
  addressDetail: 'pages/sub/address-detail',
  infoEdit: 'pages/sub/info-edit',
  forgetPassword: 'pages/sub/forget-password',

  recharge: 'pages/sub/recharge',
  rechargeApply: 'pages/sub/recharge-apply',
  rechargeList: 'pages/sub/rechange-list',
  rechargeDetail: 'pages/sub/rechange-detail',
  myCoupon: 'pages/sub/myCoupon',
  notifications: 'pages/sub/notifications',
  chooseCoupon: 'pages/sub/chooseCoupon',
  payDone: 'pages/sub/payDone',

  customerService: 'pages/sub/qidiankefu',
  aiTalk: 'pages/sub/aiTalk',
  selfManage: 'pages/sub/selfmanage',
  selfManageDetail: 'pages/sub/selfmanage-detail',

  chooseLocation: 'choose-location',
  openLocation: 'open-location',
} as const;

export type PathName = keyof typeof paths;
export type RoutePath = (typeof paths)[PathName];

/** The tab bar: home, mall, my centre. */
export const tabPaths: RoutePath[] = [paths.home, paths.mall, paths.my];

/** Pages that draw their own navigation bar (spec §2). */
export const customNavPaths: RoutePath[] = [
  paths.home,
  paths.orderCreate,
  paths.cargoJdDetail,
  paths.cargoLtzyDetail,
  paths.cargo1688Detail,
  paths.cargoTbDetail,
  paths.cartOrderDetail,
];
