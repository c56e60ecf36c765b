import { contract } from '@pinyou/contract';
import { staffIdOf, userIdOf, type Handlers } from '../../core/http.ts';
import type { ContentService } from './content.service.ts';
import type { AssistantService } from './assistant.service.ts';
import type { SupportService } from './support.service.ts';
import type { PickupService } from './pickup.service.ts';

export interface ContentRouteDeps {
  content: ContentService;
  assistant: AssistantService;
  support: SupportService;
  pickup: PickupService;
}

export function contentRoutes(s: ContentRouteDeps): Handlers<typeof contract.content> {
  const { content, assistant, support, pickup } = s;
  return {
    noticeList: (i, ctx) => content.notices(i, ctx.lang),
    articleList: (i, ctx) => content.articles(i, ctx.lang),
    articleOne: (i, ctx) => content.article(i, ctx.lang),
    slideList: (_, ctx) => content.slides(ctx.lang),
    jumpPage: (i) => content.jump(i.kind, i.id),
    chatHistory: (i, ctx) => assistant.history(userIdOf(ctx), i),
    chatHistoryClean: (_, ctx) => assistant.clear(userIdOf(ctx)),
    chatHandover: (i, ctx) => assistant.requestHandover(userIdOf(ctx), i.reason ?? '', ctx.lang),
    supportMessages: (i, ctx) => support.customerMessages(userIdOf(ctx), i.after_id, i.wait_s ?? 0),
    supportSend: (i, ctx) => support.customerSend(userIdOf(ctx), i.body, ctx.lang),
    getPddList: (i, ctx) => pickup.list(userIdOf(ctx), i, ctx.lang),
    getPddDetail: (i, ctx) => pickup.detail(userIdOf(ctx), i.id, ctx.lang),
    addPddTrack: (i, ctx) => pickup.add(userIdOf(ctx), i, ctx.lang),
    donePddTrack: (i, ctx) => pickup.collected(userIdOf(ctx), i.id, ctx.lang),
    addPddTrackWithOutbound: (i, ctx) => pickup.outbound(userIdOf(ctx), i, ctx.lang),
  };
}

export function contentAdminRoutes(s: ContentRouteDeps): Handlers<typeof contract.contentAdmin> {
  const { content, support } = s;
  return {
    adminArticleList: (i) => content.adminArticles(i),
    adminArticleSave: (i) => content.saveArticle(i),
    adminNoticeList: (i) => content.adminNotices(i),
    adminNoticeSave: (i) => content.saveNotice(i),
    adminSlideList: (i) => content.adminSlides(i),
    adminSlideSave: (i) => content.saveSlide(i),
    adminContentPublish: (i) => content.publish(i.kind, i.id, i.published, i.publish_at),
    adminContentDelete: (i) => content.remove(i.kind, i.id),
    adminSupportInbox: (i) => support.inbox(i),
    adminSupportDetail: (i) => support.detail(i.id, i.after_id),
    adminSupportAssign: (i, ctx) => support.assign(staffIdOf(ctx), i.id, ctx.lang),
    adminSupportReply: (i, ctx) => support.reply(staffIdOf(ctx), i.id, i.body, ctx.lang),
    adminSupportClose: (i, ctx) => support.close(staffIdOf(ctx), i.id, ctx.lang),
    adminAssistantQuestions: (i) => content.kb.questions(i),
    adminAssistantLexicon: () => content.kb.lexicon(),
    adminAssistantLexiconAdd: (i, ctx) => content.kb.addLexicon(staffIdOf(ctx), i.concept, i.terms),
    adminAssistantLexiconDelete: (i) => content.kb.removeLexicon(i.id),
  };
}
