import type { CodeName } from './codes.ts';
import type { CodeText } from './code-text.ts';
import { platformCodeMessages, platformFieldLabels, platformRuleMessages } from './domains/platform.codes.ts';
import { groupsCodeMessages, groupsFieldLabels, groupsRuleMessages } from './domains/groups.codes.ts';
import { mallCodeMessages, mallFieldLabels, mallRuleMessages } from './domains/mall.codes.ts';
import { contentCodeMessages, contentFieldLabels, contentRuleMessages } from './domains/content.codes.ts';
import type { Language } from './language.ts';

// The languages live in their own module so a client that needs only them does not load every message.
export * from './language.ts';

type Text = CodeText;

/** Server messages per code, in both languages. `{name}` is filled from the error's params. */
export const codeMessages: Record<CodeName, Text> = {
  OK: { en: 'Success', zh_CN: '成功' },
  FAILED: { en: 'The operation failed, please try again', zh_CN: '操作失败，请重试' },
  TOKEN_EXPIRED: { en: 'Your session has expired', zh_CN: '登录已过期' },
  TOKEN_REVOKED: { en: 'You have been logged out', zh_CN: '登录已失效' },
  SILENT: { en: 'Failed', zh_CN: '失败' },
  LOGIN_REQUIRED: {
    en: 'Please continue after logging in or registering',
    zh_CN: '请登录或注册后继续操作',
  },
  PATH_NOT_FOUND: { en: 'This service does not exist', zh_CN: '请求的服务不存在' },
  INTERNAL: {
    en: 'The server ran into an error (reference {requestId})',
    zh_CN: '服务器发生错误（编号 {requestId}）',
  },
  VALIDATION: { en: '{detail}', zh_CN: '{detail}' },
  PAYLOAD_TOO_LARGE: { en: 'The upload is too large', zh_CN: '上传内容过大' },
  BAD_FILE: { en: '{detail}', zh_CN: '{detail}' },
  SIGN_MISSING: { en: 'The request is not signed', zh_CN: '请求缺少签名' },
  SIGN_INVALID: { en: 'The request signature is invalid', zh_CN: '请求签名无效' },
  TIMESTAMP_STALE: {
    en: 'Your device clock is off; the request was refused',
    zh_CN: '设备时间不准确，请求被拒绝',
  },
  NONCE_REPLAY: { en: 'This request was already received', zh_CN: '重复的请求' },
  RATE_LIMITED: {
    en: 'Too many requests, please try again in {retryAfter} s',
    zh_CN: '请求过于频繁，请 {retryAfter} 秒后再试',
  },
  ACCOUNT_EXISTS: { en: 'This ID is already registered', zh_CN: '该ID已被注册' },
  PHONE_TAKEN: { en: 'This phone number is already bound to another account', zh_CN: '该手机号已绑定其他账号' },
  EMAIL_TAKEN: { en: 'This e-mail is already bound to another account', zh_CN: '该邮箱已绑定其他账号' },
  BAD_CREDENTIALS: { en: 'Account or password is incorrect', zh_CN: '账号或密码错误' },
  CODE_INVALID: { en: 'The verification code is incorrect', zh_CN: '验证码错误' },
  CODE_EXPIRED: {
    en: 'The verification code has expired or was used, please get a new one',
    zh_CN: '验证码已失效，请重新获取',
  },
  CODE_TOO_MANY_TRIES: {
    en: 'Too many wrong codes, please get a new one',
    zh_CN: '验证码错误次数过多，请重新获取',
  },
  CODE_RESEND_TOO_SOON: {
    en: 'Please wait {seconds} s before requesting another code',
    zh_CN: '请 {seconds} 秒后再获取验证码',
  },
  CODE_HOURLY_CAP: {
    en: 'Too many codes requested, please try again later',
    zh_CN: '验证码获取次数过多，请稍后再试',
  },
  PASSWORD_MISMATCH: { en: 'The two passwords are inconsistent', zh_CN: '两次输入的密码不一致' },
  ACCOUNT_NOT_FOUND: { en: 'No account was found', zh_CN: '账号不存在' },
  REGISTER_TOKEN_INVALID: {
    en: 'The registration form has expired, please reopen it',
    zh_CN: '注册页面已过期，请重新打开',
  },
  WECHAT_LOGIN_FAILED: { en: 'WeChat login failed, please try again', zh_CN: '微信登录失败，请重试' },
  ACCOUNT_ALREADY_LINKED: { en: 'This account is already in your list', zh_CN: '该账号已添加' },
  CANNOT_LINK_SELF: { en: 'This is the account you are logged in to', zh_CN: '不能添加当前登录的账号' },
  ROLE_NOT_HELD: { en: 'Your account does not have this role', zh_CN: '您的账号没有该角色' },
  OLD_PASSWORD_WRONG: { en: 'The current password is incorrect', zh_CN: '原密码错误' },
  MEMBER_SESSION: {
    en: 'You are logged in to a member account; please log out of it first',
    zh_CN: '您当前登录的是团员账号，请先退出团员账号',
  },
  ACCOUNT_DISABLED: { en: 'This account has been disabled', zh_CN: '该账号已被停用' },
  ADDRESS_LIMIT: { en: 'You can keep at most {max} addresses', zh_CN: '最多保存 {max} 个地址' },
  WECHAT_ALREADY_BOUND: {
    en: 'This WeChat is already bound to another account',
    zh_CN: '该微信已绑定其他账号',
  },
  INSUFFICIENT_BALANCE: {
    en: 'Insufficient balance: S${shortfall} more is needed, please top up first',
    zh_CN: '余额不足，还差 S${shortfall}，请先充值',
  },
  NO_PAYABLE_BILLS: { en: 'No orders available for payment', zh_CN: '没有可支付的订单' },
  BILL_EXPIRED: {
    en: 'The payment time has passed and the order has expired; please pay within the time limit',
    zh_CN: '已超过支付时间，订单已失效，请在规定时间内支付',
  },
  BILL_NOT_PAYABLE: { en: 'This order has already been paid or cancelled', zh_CN: '该订单已支付或已取消' },
  IDEMPOTENCY_MISMATCH: {
    en: 'This payment request was already used for a different payment; please start again',
    zh_CN: '该支付请求已用于其他支付，请重新发起',
  },
  COUPON_UNAVAILABLE: {
    en: 'This coupon cannot be used: it is used, expired or not yours',
    zh_CN: '该优惠券不可用：已使用、已过期或不属于您',
  },
  COUPON_NOT_APPLICABLE: { en: 'This coupon does not apply to these orders: {reason}', zh_CN: '该优惠券不适用于这些订单：{reason}' },
  COUPON_CODE_INVALID: { en: 'The coupon code is invalid or used up', zh_CN: '兑换码无效或已被兑换完' },
  COUPON_ALREADY_CLAIMED: { en: 'You have already received this coupon', zh_CN: '您已领取过该优惠券' },
  COUPON_SOLD_OUT: { en: 'This coupon has all been claimed or the activity has ended', zh_CN: '优惠券已领完或活动已结束' },
  PAY_ON_BEHALF_REFUSED: {
    en: 'Orders lacking goods name or value cannot be paid on behalf',
    zh_CN: '缺少商品名称或价值的订单不能代付',
  },
  RECHARGE_TOO_LARGE: { en: 'A single top-up can be at most S${max}', zh_CN: '单次充值金额不能超过 S${max}' },
  RECHARGE_NOT_PENDING: { en: 'This top-up has already been processed', zh_CN: '该充值已处理' },
  PAYMENT_FAILED: { en: 'Payment failed, please try again', zh_CN: '支付失败，请重试' },
  PAYMENT_CANCELLED: { en: 'Payment cancelled', zh_CN: '支付已取消' },
  PAYMENT_IN_PROGRESS: { en: 'This payment is being processed, please wait', zh_CN: '支付处理中，请稍候' },
  BILL_NOT_REFUNDABLE: { en: 'Only a paid order can be refunded', zh_CN: '只有已支付的订单可以退款' },
  WECHAT_OPENID_REQUIRED: {
    en: 'Paying inside WeChat needs a WeChat login; please log in with WeChat or use H5 payment',
    zh_CN: '微信内支付需要微信登录，请使用微信登录或选择H5支付',
  },
  STAFF_ROLE_REQUIRED: { en: 'Only finance staff or administrators may do this', zh_CN: '仅财务人员或管理员可执行此操作' },
  TRACKING_TAKEN: {
    en: 'This tracking number has been declared by another customer; please contact customer service',
    zh_CN: '该快递单号已被其他客户申报，请联系客服',
  },
  TRACKING_ALREADY_DECLARED: { en: 'You have already declared this tracking number', zh_CN: '您已申报过该快递单号' },
  PARCEL_NOT_PENDING: { en: 'The parcel has already arrived at the warehouse and can no longer be deleted', zh_CN: '包裹已入库，不能删除' },
  PARCEL_NOT_IN_WAREHOUSE: {
    en: 'Parcel {tracking_no} is not in the warehouse or is already being packed or returned',
    zh_CN: '包裹 {tracking_no} 未入库或已在打包/退货中',
  },
  PARCEL_NEEDS_EDIT: {
    en: 'Parcel {tracking_no}: please supplement its goods name and value first',
    zh_CN: '包裹 {tracking_no}：请先补充商品名称和价值',
  },
  DEFAULT_ADDRESS_REQUIRED: {
    en: 'Please set a default shipping address before booking a packing date',
    zh_CN: '请先设置默认收货地址再预约打包日期',
  },
  PACK_DATE_TOO_EARLY: { en: 'The packing date cannot be before {date}', zh_CN: '打包日期不能早于 {date}' },
  PACK_DATE_HOLIDAY: { en: 'The warehouse is closed on {date}; please choose another date', zh_CN: '仓库 {date} 放假，请选择其他日期' },
  PACK_STATE: { en: 'This pack is {status} and cannot be {action}', zh_CN: '该包裹状态为{status}，不能{action}' },
  RETURN_STATE: { en: 'This return is {status} and cannot be {action}', zh_CN: '该退货状态为{status}，不能{action}' },
  GOODS_VALUE_TOO_LOW: { en: 'The goods value is too low; it must be at least ¥{min}', zh_CN: '商品价值过低，至少为 ¥{min}' },
  NOT_LOW_VALUE: { en: 'This parcel does not need to be supplemented', zh_CN: '该包裹无需补充信息' },
  BATCH_FILE_INVALID: {
    en: 'The file could not be read: {detail}. Please use the template; nothing was declared',
    zh_CN: '文件无法读取：{detail}。请使用模板，未申报任何包裹',
  },
  BATCH_FILE_TOO_MANY_ROWS: { en: 'The file has more than {max} rows; please split it', zh_CN: '文件超过 {max} 行，请拆分后上传' },
  STAGE_ORDER: {
    en: 'The batch is already at "{current}"; it can only move to a later stage',
    zh_CN: '批次已处于“{current}”，只能推进到后续阶段',
  },
  PACK_MODE_MISMATCH: {
    en: 'Pack {pack} ships by {packMode}, this batch by {batchMode}: it cannot go in this batch',
    zh_CN: '包裹 {pack} 的运输方式是{packMode}，本批次是{batchMode}，不能加入本批次',
  },
  PACK_IN_OTHER_BATCH: { en: 'Pack {pack} is already in batch {batch}', zh_CN: '包裹 {pack} 已在批次 {batch} 中' },
  BATCH_STATE: { en: 'The batch has left the warehouse; packs can no longer be changed', zh_CN: '该批次已出库，不能再调整包裹' },
  CLAIM_MISMATCH: { en: 'The tracking number does not match this parcel', zh_CN: '快递单号与该包裹不符' },
  CLAIM_STATE: { en: 'This parcel has already been claimed', zh_CN: '该包裹已被认领' },
  PACK_NOT_INSURED: {
    en: 'This pack is not insured, or not yet paid and on its way: no claim can be made for it',
    zh_CN: '该包裹未投保或尚未付款发运，不能申请理赔',
  },
  INSURANCE_CLAIM_STATE: {
    en: 'This claim is {status}: it was already reviewed, or another claim for this pack is open',
    zh_CN: '该理赔{status}：已审核过，或该包裹已有处理中的理赔',
  },
  CLAIM_OVER_COVER: { en: 'The amount is over the cover of this pack ({cover})', zh_CN: '金额超过该包裹的保额（{cover}）' },
  CUSTOMS_LOCKED: {
    en: 'Customs data can only be changed before the parcel is packed',
    zh_CN: '包裹打包前才能修改报关信息',
  },
  PARCEL_NOT_DISPOSABLE: {
    en: 'This parcel may be disposed of only in the warehouse, from {date}, once its owner was told in advance',
    zh_CN: '该包裹须在仓库中、自 {date} 起且已提前通知货主后方可处置',
  },
  GST_REFUND_INVALID: {
    en: 'The GST refund must be more than 0 and at most the GST charged on this paid pack ({gst}), and only once',
    zh_CN: '退还的消费税须大于0且不超过该已付款包裹收取的消费税（{gst}），且只能退一次',
  },
  RATE_CARD_MISSING: {
    en: 'No rate is set for {mode} / {category} goods yet; please contact customer service',
    zh_CN: '暂未设置 {mode}/{category} 的运费，请联系客服',
  },
  RATE_CARD_EXISTS: { en: 'A rate card for {mode} / {category} already exists', zh_CN: '{mode}/{category} 的运费已存在' },
  GROUP_REQUIRED: { en: 'Join a group before choosing group shipping', zh_CN: '请先加入拼团再选择拼邮' },
  DISPATCH_STATE: { en: 'The delivery time of this pack cannot be set now', zh_CN: '该包裹当前不能预约派送时间' },
  DISPATCH_DATE_INVALID: { en: 'Please choose one of the offered delivery dates', zh_CN: '请选择可预约的派送日期' },
  WAYBILL_NOT_READY: { en: 'The waybill is available once the pack has been packed', zh_CN: '包裹打包后才能打印运单' },
  DOOR_SERVICE_STATE: { en: 'This booking can no longer be changed', zh_CN: '该预约不能再修改' },
  HOLIDAY_EXISTS: { en: '{date} is already a holiday', zh_CN: '{date} 已是假期' },
  LINK_EXPIRED: { en: 'The link has expired; please open it again', zh_CN: '链接已过期，请重新打开' },
  PARCEL_PROBLEM_OPEN: {
    en: 'Parcel {tracking_no} has a problem to settle first; see the parcel for what the warehouse asks',
    zh_CN: '包裹 {tracking_no} 有异常待处理，请先在包裹详情中查看并回复仓库',
  },
  PROBLEM_STATE: { en: 'This problem has already been resolved', zh_CN: '该异常已处理完毕' },
  PROBLEM_EXISTS: { en: 'Parcel {tracking_no} already has an open problem', zh_CN: '包裹 {tracking_no} 已有未处理的异常' },
  PROBLEM_REASON_UNKNOWN: { en: 'Please choose a reason from the list', zh_CN: '请从列表中选择异常原因' },
  PROBLEM_INVOICE_FILE: { en: 'Please upload the invoice', zh_CN: '请上传发票' },
  INVOICE_NOT_PAID: { en: 'Invoices can be requested for paid packs only', zh_CN: '只有已支付的包裹可以申请发票' },
  ACCOUNT_LOCKED: {
    en: 'Too many wrong passwords: this account is locked until {until} (Singapore time). Log in with a code or reset the password by code now.',
    zh_CN: '密码错误次数过多，账号已锁定至 {until}（新加坡时间）。您可以使用验证码登录或通过验证码重置密码。',
  },
  MONEY_SETTINGS_ROLE: {
    en: 'Only administrators or finance staff may change payment accounts and the exchange rate',
    zh_CN: '仅管理员或财务人员可修改收款账户和汇率',
  },
  TERMS_NOT_ACCEPTED: {
    en: 'Please read and agree to the terms of service and privacy policy to register',
    zh_CN: '请阅读并同意用户协议和隐私政策后再注册',
  },
  MESSAGE_NOT_SENT: { en: 'The code could not be sent, please try again', zh_CN: '验证码发送失败，请重试' },
  LAST_ADMIN: {
    en: 'This is the last active administrator: it cannot be disabled or lose the administrator role',
    zh_CN: '这是最后一个启用的管理员账号，不能停用或取消管理员角色',
  },
  REFERRER_NOT_FOUND: {
    en: 'No account has the referrer ID {referrerId}; check it or leave it empty',
    zh_CN: '推荐人 ID {referrerId} 不存在，请核对或留空',
  },
  ...platformCodeMessages,
  ...groupsCodeMessages,
  ...mallCodeMessages,
  ...contentCodeMessages,
  OBJECT_NOT_FOUND: { en: 'The record does not exist', zh_CN: '记录不存在' },
  FORBIDDEN: { en: 'You do not have access to this record', zh_CN: '您无权访问该记录' },
};

/**
 * Field rule messages (spec §5). Zod schemas use these keys as their messages; the server and
 * the web app translate them with this table, so a rule reads the same on both sides.
 */
export const ruleMessages = {
  'rule.required': { en: '{field} is required', zh_CN: '请填写{field}' },
  'rule.invalid': { en: '{field} is invalid', zh_CN: '{field}格式不正确' },
  'rule.tooLong': { en: '{field} is too long (at most {max})', zh_CN: '{field}过长（最多{max}个字符）' },
  'rule.goodsName': {
    en: 'The goods name must not contain digits or symbols',
    zh_CN: '商品名称不能包含数字或符号',
  },
  'rule.goodsValue': { en: 'The goods value is too low (at least ¥1)', zh_CN: '商品价值过低（至少1元）' },
  'rule.sgMobile': {
    en: 'The mobile number must be 8 digits starting with 8 or 9',
    zh_CN: '请输入以8或9开头的8位新加坡手机号',
  },
  'rule.phone8': { en: 'The phone number must be 8 digits', zh_CN: '电话号码须为8位数字' },
  'rule.email': { en: 'Please enter a valid e-mail address', zh_CN: '邮箱格式不正确' },
  'rule.phoneOrEmail': { en: 'Please enter a phone number or e-mail', zh_CN: '请输入手机号或邮箱' },
  'rule.code6': { en: 'Please enter the 6-digit verification code', zh_CN: '请输入6位验证码' },
  'rule.password': {
    en: 'The password must be 6 to 32 characters',
    zh_CN: '密码长度须为6至32位',
  },
  'rule.passwordMismatch': { en: 'The two passwords are inconsistent', zh_CN: '两次输入的密码不一致' },
  'rule.userAccount': {
    en: 'The ID must be 4 to 20 letters, digits or underscores, starting with a letter',
    zh_CN: 'ID须为4至20位字母、数字或下划线，并以字母开头',
  },
  'rule.imageUrl': {
    en: 'The image address must be an uploaded image (/uploads/…) or start with https://',
    zh_CN: '图片地址须为已上传的图片（/uploads/…）或以 https:// 开头',
  },
  'rule.postcode': { en: 'The postcode must be 6 digits', zh_CN: '邮编须为6位数字' },
  'rule.amount': { en: 'Please enter an amount with at most 2 decimals', zh_CN: '金额最多保留两位小数' },
  'rule.amountPositive': { en: 'The amount must be greater than 0', zh_CN: '金额必须大于0' },
  'rule.dragonCode': {
    en: 'The code is 1 to 8 Chinese characters, capital letters or digits',
    zh_CN: '接龙码为1至8位汉字、大写字母或数字',
  },
  'rule.leaderName': { en: 'The leader name may contain only letters or digits', zh_CN: '团长名称只能包含字母或数字' },
  'rule.nickname': { en: 'Please enter a nickname', zh_CN: '请输入昵称' },
  'rule.avatar': { en: 'Please upload an avatar', zh_CN: '请上传头像' },
  'rule.trackingNo': { en: 'Please enter the tracking number', zh_CN: '请输入快递单号' },
  'rule.claimReason': { en: 'Please say what happened (at least 5 characters)', zh_CN: '请说明情况（至少5个字）' },
  'rule.sellerGstNo': {
    en: "Enter the seller's GST registration number (e.g. M90312345A) when GST was charged at purchase",
    zh_CN: '购买时已缴消费税的，请填写卖家的消费税登记号（如 M90312345A）',
  },
  'rule.customsDescription': {
    en: 'Describe the goods for customs in English (letters, digits and punctuation only)',
    zh_CN: '请用英文填写报关品名（仅限字母、数字和标点）',
  },
  'rule.customsCategory': { en: 'Please choose a customs category from the list', zh_CN: '请从列表中选择报关类别' },
  'rule.goodsNameRequired': { en: 'Please enter the goods name', zh_CN: '请输入商品名称' },
  'rule.goodsCost': { en: 'Please enter the goods cost', zh_CN: '请输入商品价值' },
  'rule.rechargeAmount': { en: 'Please enter the recharge amount', zh_CN: '请输入充值金额' },
  'rule.voucher': { en: 'Please upload the voucher', zh_CN: '请上传凭证' },
  'rule.consignee': { en: 'Please enter the consignee', zh_CN: '请输入收件人' },
  'rule.consigneePhone': { en: "Please enter the consignee's phone", zh_CN: '请输入收件人电话' },
  'rule.returnAddress': { en: 'Please enter the return address', zh_CN: '请输入退货地址' },
  'rule.quantity': { en: 'The quantity must be at least 1', zh_CN: '数量至少为1' },
  'rule.trackingNoChars': {
    en: 'The tracking number may contain only letters, digits and dashes',
    zh_CN: '快递单号只能包含字母、数字和横线',
  },
  'rule.chooseParcels': { en: 'Please choose at least one parcel', zh_CN: '请至少选择一个包裹' },
  'rule.date': { en: 'Please choose a date', zh_CN: '请选择日期' },
  'rule.insuranceRate': { en: 'The insurance rate must be between 0% and 20%', zh_CN: '保险费率须在0%到20%之间' },
  'rule.amountNotNegative': { en: 'The amount may not be negative', zh_CN: '金额不能为负数' },
  'rule.insuranceMinOverCover': {
    en: 'The minimum premium may not be more than the maximum cover',
    zh_CN: '最低保费不能高于最高保额',
  },
  'rule.realDate': { en: '{field} must be a real date (YYYY-MM-DD)', zh_CN: '{field}须为有效日期（年-月-日）' },
  'rule.avatarUpload': { en: 'Please upload the avatar image', zh_CN: '请上传头像图片' },
  'rule.noNul': { en: '{field} contains a character that is not allowed', zh_CN: '{field}包含不允许的字符' },
  'rule.notNumber': { en: '{field} must be a number', zh_CN: '{field}必须是数字' },
  'rule.notInteger': { en: '{field} must be a whole number', zh_CN: '{field}必须是整数' },
  'rule.tooSmall': { en: '{field} is too small (at least {min})', zh_CN: '{field}过小（至少{min}）' },
  'rule.tooBig': { en: '{field} is too large (at most {max})', zh_CN: '{field}过大（最多{max}）' },
  'rule.amountNotNumber': { en: '{field} must be a number such as 12.50', zh_CN: '{field}须为数字，例如12.50' },
  'rule.amountNegative': { en: '{field} cannot be negative', zh_CN: '{field}不能为负数' },
  'rule.amountTooLarge': { en: '{field} is too large', zh_CN: '{field}过大' },
  'rule.staffAccount': {
    en: 'The account must be 3 to 32 letters, digits, dots, dashes or underscores',
    zh_CN: '账号须为3至32位字母、数字、点、横线或下划线',
  },
  'rule.dimensions': { en: 'Please enter the weight, length, width and height', zh_CN: '请输入重量和长宽高' },
  ...platformRuleMessages,
  ...groupsRuleMessages,
  ...mallRuleMessages,
  ...contentRuleMessages,
} as const satisfies Record<string, Text>;

export type RuleKey = keyof typeof ruleMessages;

/** Field labels used in generic rule messages. */
export const fieldLabels: Record<string, Text> = {
  ...platformFieldLabels,
  ...groupsFieldLabels,
  ...mallFieldLabels,
  ...contentFieldLabels,
  user_account: { en: 'ID', zh_CN: 'ID' },
  account: { en: 'Account', zh_CN: '账号' },
  phone: { en: 'Phone', zh_CN: '手机号' },
  email: { en: 'E-mail', zh_CN: '邮箱' },
  code: { en: 'Verification code', zh_CN: '验证码' },
  password: { en: 'Password', zh_CN: '密码' },
  confirm_password: { en: 'Confirm password', zh_CN: '确认密码' },
  old_password: { en: 'Current password', zh_CN: '原密码' },
  nickname: { en: 'Nickname', zh_CN: '昵称' },
  avatar: { en: 'Avatar', zh_CN: '头像' },
  receiver: { en: 'Receiver', zh_CN: '收货人' },
  district: { en: 'District', zh_CN: '地区' },
  address: { en: 'Address', zh_CN: '详细地址' },
  postcode: { en: 'Postcode', zh_CN: '邮编' },
  id: { en: 'ID', zh_CN: 'ID' },
  role: { en: 'Role', zh_CN: '角色' },
  consignee: { en: 'Consignee', zh_CN: '收件人' },
  tracking_no: { en: 'Tracking number', zh_CN: '快递单号' },
  goods_name: { en: 'Goods name', zh_CN: '商品名称' },
  goods_value: { en: 'Goods value', zh_CN: '商品价值' },
  quantity: { en: 'Quantity', zh_CN: '数量' },
  category: { en: 'Goods category', zh_CN: '商品类别' },
  mode: { en: 'Shipping mode', zh_CN: '运输方式' },
  parcel_ids: { en: 'Parcels', zh_CN: '包裹' },
  pack_ids: { en: 'Packs', zh_CN: '包裹' },
  pack_id: { en: 'Pack', zh_CN: '包裹' },
  weight_kg: { en: 'Weight', zh_CN: '重量' },
  length_cm: { en: 'Length', zh_CN: '长' },
  width_cm: { en: 'Width', zh_CN: '宽' },
  height_cm: { en: 'Height', zh_CN: '高' },
  shelf: { en: 'Shelf', zh_CN: '货架' },
  date: { en: 'Date', zh_CN: '日期' },
  slot: { en: 'Time slot', zh_CN: '时段' },
  title: { en: 'Invoice title', zh_CN: '发票抬头' },
  courier_no: { en: 'Courier number', zh_CN: '快递单号' },
  amount: { en: 'Amount', zh_CN: '金额' },
  idempotency_key: { en: 'Payment request key', zh_CN: '支付请求标识' },
  bill_id: { en: 'Order', zh_CN: '订单' },
  bill_ids: { en: 'Orders', zh_CN: '订单' },
  reason: { en: 'Reason', zh_CN: '原因' },
};

export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (params[k] === undefined ? m : String(params[k])));
}

export function ruleMessage(key: string, lang: Language, params: Record<string, unknown> = {}): string | undefined {
  const entry = (ruleMessages as Record<string, Text>)[key];
  if (!entry) return undefined;
  const field = params.field ? (fieldLabels[String(params.field)]?.[lang] ?? String(params.field)) : '';
  return formatMessage(entry[lang], { ...params, field });
}
