import { z } from 'zod';
import { endpoint, ok, pageOf, pageRequest } from '../endpoint.ts';
import { zBoolish, zId, zRequired } from '../schemas.ts';

/** One question a customer asked the assistant, without who asked (a keyed hash tells one asker's questions apart). */
export const assistantQuestionSchema = z.object({
  id: z.number().int(),
  asker: z.string(),
  lang: z.enum(['en', 'zh_CN']),
  question: z.string(),
  /** The tool that answered, 'article' for a section of an article, 'none' when nothing was found. */
  answered_by: z.string(),
  found: z.boolean(),
  slug: z.string().nullable(),
  section: z.string().nullable(),
  created_at: z.string(),
});

export const lexiconEntrySchema = z.object({
  id: z.number().int(),
  concept: z.string(),
  terms: z.array(z.string()),
  created_at: z.string(),
});

/** A concept key: lower-case letters, digits and underscores ("prohibited", "durian"). */
export const LEXICON_CONCEPT_PATTERN = /^[a-z0-9_]{2,40}$/;

/** Staff calls of the assistant: what customers asked (and what found nothing), and the lexicon staff extend. */
export const assistantAdminCalls = {
  adminAssistantQuestions: endpoint({
    path: '/api/admin/content/assistantQuestions',
    auth: 'staff',
    read: true,
    roles: ['content', 'service'],
    summary: "Customers' questions to the assistant, newest first; found=false lists those it found nothing for.",
    request: z.object({ ...pageRequest, found: zBoolish.optional() }),
    response: pageOf(assistantQuestionSchema).extend({ not_found: z.number().int() }),
  }),
  adminAssistantLexicon: endpoint({
    path: '/api/admin/content/assistantLexicon',
    auth: 'staff',
    read: true,
    roles: ['content', 'service'],
    summary: "The assistant's lexicon: the built-in concepts and the words staff added.",
    request: z.object({}),
    response: z.object({
      built_in: z.array(z.object({ concept: z.string(), terms: z.array(z.string()) })),
      added: z.array(lexiconEntrySchema),
    }),
  }),
  adminAssistantLexiconAdd: endpoint({
    path: '/api/admin/content/assistantLexiconAdd',
    auth: 'staff',
    roles: ['content'],
    summary: 'Add words (either language, separated by | or commas) to a concept of the lexicon, new or built-in; searchable at once.',
    request: z.object({
      concept: zRequired(40).regex(LEXICON_CONCEPT_PATTERN, { message: 'rule.invalid' }),
      terms: zRequired(500),
    }),
    response: lexiconEntrySchema,
  }),
  adminAssistantLexiconDelete: endpoint({
    path: '/api/admin/content/assistantLexiconDelete',
    auth: 'staff',
    roles: ['content'],
    summary: 'Remove words staff added to the lexicon.',
    request: z.object({ id: zId }),
    response: ok,
  }),
} as const;
