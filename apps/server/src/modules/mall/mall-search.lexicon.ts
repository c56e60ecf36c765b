// What customers call things, as data: words for one thing in both languages, everyday and colloquial
// (口语) words, and words that name a category. English words are written singular and lower case; several
// words ("phone case") are matched as a phrase of the query; pinyin of the Chinese words is derived.

/** One thing's names. `near`: other goods a shopper asking for it would take when nothing closer is there. */
export interface LexiconEntry {
  words: string[];
  near?: string[];
}

export const lexicon: LexiconEntry[] = [
  // Paper and wipes: the catalogue has wipes only, so asking for tissue finds them.
  {
    words: ['纸巾', '面巾纸', '抽纸', '卫生纸', '餐巾纸', '手帕纸', 'tissue', 'tissue paper', 'facial tissue', 'napkin'],
    near: ['湿巾', 'wipe'],
  },
  { words: ['湿巾', '湿纸巾', 'wipe', 'wet wipe', 'baby wipe'], near: ['纸巾'] },
  { words: ['纸尿裤', '尿不湿', '尿片', '尿布', 'diaper', 'nappy', 'nappies'], near: ['拉拉裤'] },
  { words: ['拉拉裤', 'pull-up', 'pullup', 'training pant'], near: ['纸尿裤'] },
  // Digital
  { words: ['耳机', '耳麦', '耳塞', 'earphone', 'headphone', 'earbud', 'headset', 'earpiece'] },
  { words: ['蓝牙', 'bluetooth', 'bt'] },
  { words: ['无线', 'wireless', 'cordless'] },
  { words: ['降噪', 'noise cancelling', 'noise canceling', 'anc'] },
  { words: ['充电宝', '移动电源', 'power bank', 'powerbank', 'portable charger', 'battery pack'] },
  { words: ['手机壳', '手机套', '手机保护套', '保护壳', 'phone case', 'phone cover', 'phonecase', 'casing'], near: ['钢化膜'] },
  { words: ['钢化膜', '手机膜', '贴膜', 'screen protector', 'tempered glass'], near: ['手机壳'] },
  { words: ['数据线', '充电线', '线材', 'cable', 'charging cable', 'usb cable'], near: ['充电器'] },
  { words: ['充电器', '充电头', '插头', '适配器', 'charger', 'adapter', 'adaptor', 'plug'], near: ['数据线'] },
  // Appliances
  { words: ['电饭煲', '电饭锅', '饭煲', 'rice cooker'] },
  { words: ['电压力锅', '高压锅', '压力锅', 'pressure cooker', 'instant pot'] },
  { words: ['空气炸锅', '炸锅', 'air fryer', 'airfryer'] },
  { words: ['电烤箱', '烤箱', 'oven'] },
  { words: ['电风扇', '风扇', '电扇', 'fan'] },
  { words: ['手持小风扇', '小风扇', '手持风扇', 'handheld fan', 'mini fan', 'portable fan'], near: ['电风扇'] },
  // Clothing
  { words: ['连衣裙', '裙子', '长裙', 'dress', 'frock'], near: ['半身裙'] },
  { words: ['半身裙', '短裙', 'skirt'], near: ['连衣裙'] },
  { words: ['T恤', '体恤', 't恤衫', 'tee', 'tshirt', 't-shirt'], near: ['短袖'] },
  { words: ['短袖', 'short sleeve'], near: ['T恤'] },
  { words: ['卫衣', 'hoodie', 'sweatshirt', 'hoody'] },
  { words: ['羽绒服', '羽绒衣', '棉服', 'down jacket', 'puffer', 'puffer jacket'] },
  { words: ['风衣', 'trench coat', 'trench'] },
  { words: ['外套', 'jacket', 'coat', 'outerwear'] },
  { words: ['防晒衣', '防晒服', 'sun protection jacket', 'uv jacket'] },
  // Shoes and bags
  { words: ['运动鞋', '球鞋', '波鞋', 'sneaker', 'trainer', 'sport shoe'], near: ['跑步鞋'] },
  { words: ['跑步鞋', '跑鞋', 'running shoe', 'runner'], near: ['运动鞋'] },
  { words: ['帆布鞋', 'canvas shoe', 'plimsoll'] },
  { words: ['鞋', '鞋子', 'shoe', 'footwear'] },
  { words: ['双肩包', '书包', '背包', 'backpack', 'schoolbag', 'rucksack', 'knapsack'] },
  { words: ['斜挎包', '挎包', '单肩包', 'crossbody', 'sling bag', 'shoulder bag'] },
  { words: ['行李箱', '拉杆箱', '旅行箱', '箱子', 'suitcase', 'luggage', 'trolley case'] },
  { words: ['包', '包包', 'bag', 'handbag'] },
  // Beauty
  { words: ['面膜', '贴片面膜', 'face mask', 'sheet mask', 'facial mask'] },
  { words: ['口红', '唇膏', '唇彩', 'lipstick', 'lip stick'], near: ['唇釉', '润唇膏'] },
  { words: ['唇釉', 'lip glaze', 'lip gloss', 'lipgloss'], near: ['口红'] },
  { words: ['润唇膏', '护唇膏', 'lip balm', 'chapstick'], near: ['口红'] },
  { words: ['洗面奶', '洁面', '洁面乳', 'cleanser', 'facial cleanser', 'face wash', 'facial wash'] },
  { words: ['洗发水', '洗发露', '洗头膏', 'shampoo'] },
  { words: ['防晒霜', '防晒', '防晒乳', 'sunscreen', 'sunblock', 'sun cream', 'spf'] },
  { words: ['化妆品', '彩妆', 'makeup', 'cosmetic', 'cosmetics'] },
  { words: ['护肤', '护肤品', 'skincare', 'skin care'] },
  // Food
  { words: ['零食', '小吃', '零嘴', '吃的', 'snack', 'munchies'] },
  { words: ['零食大礼包', '零食礼包', 'snack box', 'snack gift box', 'snack pack'], near: ['零食'] },
  { words: ['辣条', '辣片', 'spicy strip', 'latiao'] },
  { words: ['牛肉干', 'beef jerky', 'jerky'] },
  { words: ['坚果', '干果', 'nut', 'mixed nut'] },
  { words: ['茶叶', '茶', 'tea', 'tea leaf', 'tea leave'] },
  { words: ['绿茶', 'green tea'] },
  { words: ['普洱茶', '普洱', 'puer', 'pu-erh', 'puerh'] },
  { words: ['奶粉', '配方奶', 'milk powder', 'formula', 'formula milk'] },
  { words: ['蛋白粉', 'protein powder', 'whey', 'protein'] },
  { words: ['咖啡粉', '咖啡', 'coffee', 'coffee powder'] },
  // Home
  { words: ['保温杯', '保温瓶', '保温壶', '焖烧杯', 'thermos', 'thermos cup', 'vacuum flask', 'flask', 'insulated bottle'] },
  { words: ['水杯', '水壶', '杯子', '水瓶', 'water bottle', 'bottle', 'tumbler', 'cup'] },
  { words: ['咖啡杯', '马克杯', 'mug', 'coffee mug', 'coffee cup'] },
  { words: ['收纳盒', '收纳箱', '储物盒', '整理箱', 'storage box', 'storage bin', 'organiser', 'organizer', 'container'] },
  { words: ['衣架', '晾衣架', 'hanger', 'clothes hanger', 'coat hanger'] },
  { words: ['四件套', '床单', '被套', '床品', 'bedding set', 'bedsheet', 'bed sheet', 'duvet cover', 'bedding'] },
  { words: ['枕头', '枕芯', 'pillow'] },
  { words: ['凉席', '席子', '冰丝席', 'sleeping mat', 'summer mat', 'bed mat'] },
  // Baby and toys
  { words: ['玩具', 'toy', 'plaything'] },
  { words: ['积木', '拼装积木', 'building block', 'block'] },
  { words: ['毛绒玩具', '公仔', '玩偶', '布娃娃', 'plush', 'plushie', 'stuffed toy', 'soft toy', 'stuffed animal', 'teddy'] },
  { words: ['拼图', 'jigsaw', 'puzzle', 'jigsaw puzzle'] },
  { words: ['遥控车', '遥控汽车', '遥控赛车', 'rc car', 'remote control car', 'rc'] },
  { words: ['儿童', '小孩', '宝宝', '孩子', 'kid', 'child', 'children', 'toddler'] },
  // Sports and outdoors
  { words: ['瑜伽垫', '健身垫', '瑜珈垫', 'yoga mat', 'exercise mat', 'gym mat'] },
  { words: ['瑜伽', '瑜珈', 'yoga'] },
  { words: ['跳绳', 'skipping rope', 'jump rope', 'jumprope'] },
  { words: ['哑铃', 'dumbbell', 'dumbell'] },
  { words: ['弹力带', '拉力带', '阻力带', 'resistance band', 'exercise band'] },
  { words: ['帐篷', '天幕', 'tent'] },
  { words: ['露营椅', '折叠椅', '户外椅', 'camping chair', 'folding chair'] },
  { words: ['登山杖', '手杖', 'trekking pole', 'hiking pole', 'walking stick'] },
  { words: ['气罐', '燃气罐', '卡式气', 'gas canister', 'gas can', 'butane'] },
  { words: ['露营', '野营', 'camping', 'camp'] },
  // Stationery
  { words: ['笔记本', '本子', '记事本', '笔记本子', 'notebook', 'exercise book', 'notepad'] },
  { words: ['手账本', '手账', '日记本', 'journal', 'diary', 'planner'] },
  { words: ['便利贴', '便签', '便签纸', 'sticky note', 'post-it', 'postit'] },
  { words: ['中性笔', '水笔', '签字笔', '黑笔', 'gel pen', 'ballpoint', 'pen'] },
  { words: ['钢笔', 'fountain pen'] },
  { words: ['荧光笔', '记号笔', 'highlighter', 'marker'] },
  // Category words: what a shopper calls a whole department.
  { words: ['数码', '电子产品', 'digital', 'electronic', 'electronics', 'gadget'] },
  { words: ['家电', '电器', 'appliance', 'home appliance'] },
  { words: ['服饰', '衣服', '服装', '穿的', 'clothing', 'apparel', 'fashion'] },
  { words: ['鞋包', 'shoes and bags', 'shoes & bags'] },
  { words: ['美妆', '化妆', 'beauty'] },
  { words: ['食品', '食物', '吃的东西', 'food', 'grocery', 'groceries'] },
  { words: ['家居', '家居用品', '日用品', 'home', 'household', 'homeware'] },
  { words: ['床上用品', '床品', 'bedding'] },
  { words: ['母婴', '婴儿用品', '母婴用品', 'baby', 'mother & baby', 'infant'] },
  { words: ['运动户外', '运动', '户外', 'sport', 'sports', 'outdoor', 'fitness', 'gym'] },
  { words: ['健身', 'fitness', 'workout', 'gym'] },
  { words: ['文具', '办公用品', '学习用品', 'stationery', 'stationary', 'office supplies'] },
];
