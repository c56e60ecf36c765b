import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ChatMessage, Language } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import type { Kv } from '../../core/kv.ts';
import { DomainError } from '../../core/errors.ts';
import { chatMessages, supportConversations } from './content.schema.ts';
import type { ContentService } from './content.service.ts';
import type { SupportService } from './support.service.ts';
import { languageOfText, ModelUnavailable, type ChatModel, type ModelMessage } from './assistant.provider.ts';
import { toolBox, type AssistantData, type GroupPackingInfo, type MallOrdersInfo } from './assistant.tools.ts';
import { intentOf, type Intent } from './assistant.intents.ts';
import { bestHit } from './assistant.compose.ts';

type Row = typeof chatMessages.$inferSelect;
/** An earlier message of the conversation, oldest first, as the model is given it. */
type Earlier = Pick<Row, 'role' | 'content'>;

const toMessage = (r: Row): ChatMessage => ({
  id: r.id,
  role: r.role as 'user',
  content: r.content,
  citations: r.citations,
  created_at: r.createdAt.toISOString(),
});

/**
 * Every question saves two messages, with a statement built once (preparedOnce) rather than by the query builder
 * each time (the two inserts, sending and decoding included, were about a tenth of the server's CPU per answer in
 * the profile). Citations go as JSON text (a placeholder skips the column's own encoding).
 */
const insertMessage = preparedOnce((db) =>
  db
    .insert(chatMessages)
    .values({
      userId: sql.placeholder('userId'),
      role: sql.placeholder('role'),
      content: sql.placeholder('content'),
      citations: sql`${sql.placeholder('citations')}::jsonb`,
    })
    .returning()
    .prepare('chat_message_insert'),
);

/** "A person, please": the customer asks for a human in either language. */
const wantsPerson =
  /(\b(human|real person|agent|operator)\b|talk to (a |an )?(person|someone|staff)|转人工|人工客服|找人工|要人工|接人工|人工服务|真人|转客服|客服人员|找客服)/i;

export type StreamEvent =
  | { event: 'start'; data: { user_message: ChatMessage } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessage | null; handed_over: boolean } }
  | { event: 'error'; data: { code: string; handed_over?: boolean } };

export interface AssistantLimits {
  /** Questions per user per minute. */
  perMinute: number;
  /** Earlier messages sent to the model, each cut to maxChars. */
  historyMessages: number;
  maxChars: number;
}

/** The customer-service assistant: per-user history, guard rails, and the hand-over to a person. */
export class AssistantService {
  constructor(
    private readonly db: Db,
    private readonly kv: Kv,
    private readonly content: ContentService,
    private readonly support: SupportService,
    private readonly model: ChatModel,
    private readonly data: AssistantData,
    /** The groups module's answer; without it the tool is simply not offered. */
    private readonly groups: GroupPackingInfo | null,
    /** The mall module's answer; without it the tool is simply not offered. */
    private readonly mall: MallOrdersInfo | null,
    private readonly limits: AssistantLimits = { perMinute: 10, historyMessages: 10, maxChars: 1000 },
  ) {}

  /** Runs the tool a question was read as asking for; a tool that is not offered (no groups module) answers nothing. */
  private async runIntent(intent: Intent | null, tools: ReturnType<typeof toolBox>) {
    if (!intent || !tools.definitions.some((d) => d.name === intent.tool)) return null;
    const { tool, ...args } = intent;
    const a: Record<string, unknown> = { ...args };
    if (intent.tool === 'freight_quote' && intent.dims_cm) [a.length_cm, a.width_cm, a.height_cm] = intent.dims_cm;
    return { name: tool, text: await tools.run(tool, a) };
  }

  async history(userId: number, q: { before_id?: number; limit: number }) {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), q.before_id ? lt(chatMessages.id, q.before_id) : undefined))
      .orderBy(desc(chatMessages.id))
      .limit(q.limit + 1);
    const open = await this.support.openConversation(this.db, userId);
    return { list: rows.slice(0, q.limit).reverse().map(toMessage), has_more: rows.length > q.limit, handed_over: !!open };
  }

  async clear(userId: number) {
    await this.db.delete(chatMessages).where(eq(chatMessages.userId, userId));
    await this.kv.delete(`chat-unknown:${userId}`);
    return {};
  }

  /**
   * The refusals that come before any answer; thrown so the route can answer them as a plain envelope.
   * Answers the earlier messages the answer builds on, read with the hand-over check in one statement.
   */
  async admit(userId: number): Promise<Earlier[]> {
    const { count, ttl } = await this.kv.increment(`chat-rate:${userId}`, 60);
    if (count > this.limits.perMinute) throw new DomainError('CHAT_RATE_LIMITED', { retryAfter: ttl });
    const r = await this.db.execute<{ open: boolean; earlier: Earlier[] }>(sql`
      select exists (select 1 from ${supportConversations}
          where ${supportConversations.userId} = ${userId} and ${supportConversations.status} <> 'closed') as open,
        (select coalesce(json_agg(json_build_object('role', m.role, 'content', m.content) order by m.id), '[]'::json)
          from (select ${chatMessages.id} as id, ${chatMessages.role} as role, ${chatMessages.content} as content from ${chatMessages}
            where ${chatMessages.userId} = ${userId} order by ${chatMessages.id} desc limit ${this.limits.historyMessages}) m) as earlier`);
    const row = (r as unknown as { rows: { open: boolean; earlier: Earlier[] | string }[] }).rows[0];
    if (row.open) throw new DomainError('CHAT_HANDED_OVER');
    return typeof row.earlier === 'string' ? (JSON.parse(row.earlier) as Earlier[]) : row.earlier;
  }

  private async save(userId: number, role: 'user' | 'assistant' | 'system', content: string, citations: Row['citations'] = []) {
    const [row] = await insertMessage(this.db).execute({ userId, role, content, citations: JSON.stringify(citations) });
    return toMessage(row);
  }

  private async handover(userId: number, reason: string, lang: Language) {
    const rows = await this.db.select().from(chatMessages).where(eq(chatMessages.userId, userId)).orderBy(desc(chatMessages.id)).limit(30);
    const transcript = rows.reverse().map((r) => ({ role: r.role, content: r.content, at: r.createdAt.toISOString() }));
    await this.support.handover(userId, reason, transcript, lang);
    return this.save(
      userId,
      'system',
      lang === 'zh_CN'
        ? '已转接人工客服。请在“人工客服”里继续，客服回复后会通知您。'
        : 'Handed over to a person. Continue in “Customer service”; you will be notified when they reply.',
    );
  }

  async requestHandover(userId: number, reason: string, lang: Language) {
    const open = await this.support.openConversation(this.db, userId);
    if (open) return { conversation_id: open.id, status: open.status as 'waiting' };
    await this.handover(userId, reason || 'asked for a person', lang);
    const now = await this.support.openConversation(this.db, userId);
    return { conversation_id: now!.id, status: now!.status as 'waiting' };
  }

  /**
   * One question, answered as a stream, after `admit` (which gives `earlier`). Everything the customer typed
   * and everything our articles say reaches the model as data; the tools it may call read only this customer's things.
   */
  async *ask(userId: number, message: string, ctxLang: Language, signal: AbortSignal, earlier: Earlier[]): AsyncIterable<StreamEvent> {
    const lang = languageOfText(message, ctxLang);
    const userMessage = await this.save(userId, 'user', message);
    yield { event: 'start', data: { user_message: userMessage } };

    if (wantsPerson.test(message)) {
      const note = await this.handover(userId, message, lang);
      yield { event: 'done', data: { message: note, handed_over: true } };
      return;
    }

    const history: ModelMessage[] = earlier
      .filter((r) => r.role === 'user' || r.role === 'assistant')
      .map((r) => ({ role: r.role as 'user', content: r.content.slice(0, this.limits.maxChars) }));
    const index = await this.content.knowledge();
    const knowledge = index.search(message, { limit: 8, lang });
    const tools = toolBox(this.data, { groups: this.groups, mall: this.mall }, userId, lang);
    const tool = await this.runIntent(intentOf(message), tools);
    let text = '';
    let cited: number[] = [];
    let headings: string[] = [];
    let unknown = false;
    try {
      for await (const ev of this.model.reply({ history, question: message, lang, knowledge, index, tool, tools, signal })) {
        if (signal.aborted) break;
        if (ev.type === 'text') {
          text += ev.text;
          yield { event: 'delta', data: { text: ev.text } };
        } else if (ev.type === 'cite') {
          cited = ev.articleIds;
          headings = ev.headings ?? [];
        } else unknown = true;
      }
    } catch (e) {
      if (!(e instanceof ModelUnavailable) && !signal.aborted) throw e;
      if (!signal.aborted) {
        yield { event: 'error', data: { code: 'CHAT_BUSY' } };
        return;
      }
    }
    if (signal.aborted && !text) return;
    // Titles come from the index the answer was built from; an article cited from elsewhere is looked up.
    const titles = new Map<number, { slug: string; title: string }>();
    for (const id of cited) {
      const t = index.titleOf(id, lang);
      if (t) titles.set(id, t);
    }
    const unindexed = cited.filter((id) => !titles.has(id));
    if (unindexed.length) for (const [id, t] of await this.content.articleTitles(unindexed, lang)) titles.set(id, t);
    const citations = cited.flatMap((id, n) => {
      const t = titles.get(id);
      return t ? [{ article_id: id, slug: t.slug, title: t.title, ...(headings[n] ? { section: headings[n] } : {}) }] : [];
    });
    const top = bestHit(knowledge);
    await this.content.kb.logQuestion(userId, {
      lang,
      question: message,
      answeredBy: tool ? tool.name : unknown ? 'none' : 'article',
      found: !!tool || !unknown,
      slug: tool ? null : (top?.section.slug ?? null),
      section: tool ? null : (top?.passage.heading ?? null),
    });
    const saved = await this.save(userId, 'assistant', signal.aborted ? `${text} …` : text, citations);
    // Two answers in a row that found nothing: the assistant cannot help, a person takes over.
    let handedOver = false;
    if (unknown) {
      const { count } = await this.kv.increment(`chat-unknown:${userId}`, 30 * 60);
      if (count >= 2) {
        await this.kv.delete(`chat-unknown:${userId}`);
        await this.handover(userId, message, lang);
        handedOver = true;
      }
    } else await this.kv.delete(`chat-unknown:${userId}`);
    yield { event: 'done', data: { message: saved, handed_over: handedOver } };
  }
}
