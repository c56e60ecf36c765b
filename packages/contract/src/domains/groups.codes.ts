import type { CodeText } from '../code-text.ts';

/** Groups and leaders: 410-499 (not 401/404). Spread into the one code table (codes.ts) and its messages (messages.ts). */
export const groupsCodes = {
  GROUP_NOT_FOUND: 410,
  ALREADY_IN_GROUP: 411,
  KICKED_CANNOT_REJOIN: 412,
  GROUP_BLACKLISTED: 413,
  GROUP_PAUSED: 414,
  NOT_GROUP_LEADER: 415,
  LEADER_APPLICATION_PENDING: 416,
  ALREADY_LEADER: 417,
  APPLICATION_STATE: 418,
  NOT_A_MEMBER: 419,
  LEADER_CANNOT_QUIT: 420,
  PICKUP_CODE_UNKNOWN: 421,
  GROUP_BATCH_STATE: 422,
  GROUP_BATCH_UNPAID: 423,
  POSTCODE_UNKNOWN: 424,
  DRAGON_CODE_TAKEN: 425,
  CANNOT_JOIN_OWN_GROUP: 426,
  NOT_IN_MEMBER_SESSION: 427,
  GROUP_BATCH_NOT_ARRIVED: 428,
  GROUP_BATCH_UNMEASURED: 429,
  NOT_IN_ANY_GROUP: 430,
} as const;

export const groupsCodeMessages: Record<keyof typeof groupsCodes, CodeText> = {
  GROUP_NOT_FOUND: { en: 'This group does not exist', zh_CN: '该团不存在' },
  ALREADY_IN_GROUP: { en: 'You are already in a group; quit it first', zh_CN: '您已加入拼团，请先退出' },
  KICKED_CANNOT_REJOIN: { en: 'You were removed from this group and cannot rejoin it', zh_CN: '您已被移出该团，不能再次加入' },
  GROUP_BLACKLISTED: {
    en: 'Your leader has blacklisted you: you cannot add group orders',
    zh_CN: '您已被团长拉黑，不能添加拼邮订单',
  },
  GROUP_PAUSED: {
    en: 'This group is paused. Switch to another leader and change the recipient code on the shopping sites',
    zh_CN: '该团已暂停，请更换团长，并在购物网站修改收件人代码',
  },
  NOT_GROUP_LEADER: { en: 'Only the leader of this group can do this', zh_CN: '只有本团团长可以操作' },
  LEADER_APPLICATION_PENDING: { en: 'Your leader application is under review', zh_CN: '您的团长申请正在审核中' },
  ALREADY_LEADER: { en: 'You are already a group leader', zh_CN: '您已经是团长' },
  APPLICATION_STATE: { en: 'This application has already been reviewed', zh_CN: '该申请已审核' },
  NOT_A_MEMBER: { en: 'This user is not a member of your group', zh_CN: '该用户不是本团成员' },
  LEADER_CANNOT_QUIT: { en: 'A leader cannot quit their own group', zh_CN: '团长不能退出自己的团' },
  PICKUP_CODE_UNKNOWN: { en: 'No collection of your group has this pickup code', zh_CN: '本团没有该取件码的包裹' },
  GROUP_BATCH_STATE: { en: 'The group batch is {status}: this cannot be done now', zh_CN: '拼团批次状态为{status}，当前不能操作' },
  GROUP_BATCH_UNPAID: { en: '{count} member orders of this batch are not paid yet', zh_CN: '该批次还有{count}个团员订单未支付' },
  POSTCODE_UNKNOWN: { en: 'This postcode is not in Singapore', zh_CN: '该邮编不在新加坡' },
  DRAGON_CODE_TAKEN: { en: 'This recipient code is taken; choose another', zh_CN: '该收件人代码已被使用，请换一个' },
  CANNOT_JOIN_OWN_GROUP: { en: 'You lead this group', zh_CN: '您是该团团长' },
  NOT_IN_MEMBER_SESSION: { en: 'You are not logged in as a member', zh_CN: '您当前没有登录团员账号' },
  GROUP_BATCH_NOT_ARRIVED: { en: 'The batch has not reached Singapore unpacking yet', zh_CN: '该批次尚未到达新加坡拆柜' },
  GROUP_BATCH_UNMEASURED: {
    en: '{count} member orders of this batch are not measured yet: weigh and measure them first',
    zh_CN: '该批次还有{count}个团员订单尚未称重测量，请先完成称重测量',
  },
  NOT_IN_ANY_GROUP: { en: 'You are in no group', zh_CN: '您尚未加入任何拼团' },
};

/** Validation rule messages of this domain ('rule.<name>'), merged into ruleMessages. */
export const groupsRuleMessages = {
  'rule.leaderRules': { en: 'Please read and tick the leader rules', zh_CN: '请阅读并勾选团长规则' },
  'rule.weekday': { en: 'Choose a weekday', zh_CN: '请选择星期几' },
  'rule.groupPickupCode': {
    en: 'The pickup code is 6 to 12 letters or digits',
    zh_CN: '取件码为6至12位字母或数字',
  },
} as const satisfies Record<string, CodeText>;

/** Labels of this domain's request fields, used in generic rule messages. */
export const groupsFieldLabels: Record<string, CodeText> = {
  leader_name: { en: 'Leader name', zh_CN: '团长名称' },
  floor: { en: 'Floor', zh_CN: '楼层' },
  unit: { en: 'Unit / door no.', zh_CN: '门牌号' },
  dragon_code: { en: 'Recipient code', zh_CN: '接龙代码' },
  pickup_code: { en: 'Pickup code', zh_CN: '取件码' },
  pattern: { en: 'Packing pattern', zh_CN: '打包周期' },
  start_date: { en: 'First packing date', zh_CN: '首次打包日期' },
};
