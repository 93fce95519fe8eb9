import {
  AI_ANSWER_NOT_AN_OPTION,
  AI_ANSWER_TWICE,
  AI_CHAT_NOT_FOUND,
  AI_MODEL_FAILED,
  AI_MODEL_TIMEOUT,
  AI_NOT_CONFIGURED,
  AI_PROMPT_NOT_FOUND,
  AI_QUESTION_NOT_FOUND,
  aiAnswerMissing,
  REQUIRED,
  type AiChat,
  type aiEndpoints,
  type AiMessage,
  type AiQuestion,
  type AiStreamLine,
  type BodyOf,
} from '@crm/contract';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { AppError, invalidField, notFound } from '../http/app-error.js';
import { LanguageModelError } from '../llm/language-model.js';
import {
  insertAnswers,
  insertChat,
  insertMessage,
  listAnswerRows,
  listChatRows,
  listMessageRows,
  touchChat,
  type AnswerRow,
  type ChatRow,
} from './ai-chats.repository.js';
import { loadPrompts, loadQuestions } from './ai-questions.service.js';
import { buildModelMessages } from './model-messages.js';
import { buildSystemPrompt } from './system-prompt.js';

type Api = typeof aiEndpoints;

/** Whose chats: a chat is one person's in one project; anyone else's id is not found. */
export type ChatOwner = { projectId: number; userId: number };

const toChat = (row: ChatRow, answers: AnswerRow[]): AiChat => ({
  id: row.id,
  prompt_id: row.prompt_id,
  title: row.title,
  answers: answers
    .filter((a) => a.chat_id === row.id)
    .map(({ question_id, question, answer }) => ({ question_id, question, answer })),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

async function loadChats(db: Db, owner: ChatOwner, ids?: number[]) {
  const rows = await listChatRows(db, owner.projectId, owner.userId, ids);
  const answers = await listAnswerRows(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ row: r, chat: toChat(r, answers) }));
}

async function findChat(db: Db, owner: ChatOwner, id: number) {
  const [found] = await loadChats(db, owner, [id]);
  if (!found) throw notFound(AI_CHAT_NOT_FOUND);
  return found;
}

export async function listChats({ db }: AppDeps, owner: ChatOwner): Promise<AiChat[]> {
  return (await loadChats(db, owner)).map((c) => c.chat);
}

export async function getChat({ db }: AppDeps, owner: ChatOwner, id: number): Promise<AiChat> {
  return (await findChat(db, owner, id)).chat;
}

export async function listMessages({ db }: AppDeps, owner: ChatOwner, id: number): Promise<AiMessage[]> {
  await findChat(db, owner, id);
  return listMessageRows(db, id);
}

/** The questions of the chat's prompt, in the prompt's order (none once the prompt is deleted). */
export async function chatQuestions(
  { db }: AppDeps,
  owner: ChatOwner,
  chatId: number,
): Promise<AiQuestion[]> {
  const { row } = await findChat(db, owner, chatId);
  if (row.prompt_id === null) return [];
  const [found] = await loadPrompts(db, owner.projectId, { ids: [row.prompt_id] });
  return found ? loadQuestions(db, owner.projectId, { ids: found.prompt.questions }) : [];
}

/**
 * Every question of the prompt answered once, each answer to one of its questions, not blank,
 * and a select's answer one of its options. Answers come back in the prompt's question order.
 */
function checkAnswers(questions: AiQuestion[], answers: BodyOf<Api['createChat']>['answers']) {
  const given = new Map<number, string>();
  for (const [i, a] of answers.entries()) {
    const question = questions.find((q) => q.id === a.question_id);
    if (!question) throw invalidField(`answers.${i}.question_id`, AI_QUESTION_NOT_FOUND);
    if (given.has(a.question_id)) throw invalidField(`answers.${i}.question_id`, AI_ANSWER_TWICE);
    if (a.answer === '') throw invalidField(`answers.${i}.answer`, REQUIRED);
    if (question.field_type === 'select' && !question.options.some((o) => o.value === a.answer)) {
      throw invalidField(`answers.${i}.answer`, AI_ANSWER_NOT_AN_OPTION);
    }
    given.set(a.question_id, a.answer);
  }
  const missing = questions.find((q) => !given.has(q.id));
  if (missing) throw invalidField('answers', aiAnswerMissing(missing.question));
  return questions.map((q) => ({ question: q, answer: given.get(q.id)! }));
}

/**
 * Starts a chat from a prompt and the answers to its questions. The title, the answers with
 * their questions' text and the system prompt are kept as they are now. A person's own thing:
 * not written to the project's history (nor are its messages).
 */
export async function createChat(
  deps: AppDeps,
  owner: ChatOwner,
  body: BodyOf<Api['createChat']>,
): Promise<AiChat> {
  return deps.db.transaction().execute(async (trx) => {
    const [found] = await loadPrompts(trx, owner.projectId, { ids: [body.prompt_id] });
    if (!found) throw invalidField('prompt_id', AI_PROMPT_NOT_FOUND);
    const questions = await loadQuestions(trx, owner.projectId, { ids: found.prompt.questions });
    const answered = checkAnswers(questions, body.answers);
    const now = deps.clock.now().toISOString();
    const { id } = await insertChat(trx, {
      project_id: owner.projectId,
      user_id: owner.userId,
      prompt_id: found.prompt.id,
      title: found.prompt.name,
      system_prompt: buildSystemPrompt(
        answered.map((a) => ({ prompt: a.question.prompt, answer: a.answer })),
      ),
      created_at: now,
      updated_at: now,
    });
    await insertAnswers(
      trx,
      answered.map((a, position) => ({
        chat_id: id,
        question_id: a.question.id,
        question: a.question.question,
        answer: a.answer,
        position,
      })),
    );
    return (await findChat(trx, owner, id)).chat;
  });
}

/** Writes one line of the reply's stream; never throws (the person may be gone). */
export type LineWriter = (line: AiStreamLine) => void;

/**
 * Sends a message to the chat's model. Resolves once the model has begun to answer (its first
 * piece), with the relay that streams the rest; everything that goes wrong before that is an
 * error answer instead (404, 503 without a key, 502 the model failed, 504 it did not answer in
 * time), and then nothing is kept. From the first piece on, the person's message is kept, and
 * the reply is kept whatever happens: `complete`, `stopped` (the signal: the person closed the
 * request) or `failed` (the model broke off), with what arrived.
 */
export async function startReply(
  deps: AppDeps,
  owner: ChatOwner,
  chatId: number,
  content: string,
  signal: AbortSignal,
): Promise<(write: LineWriter) => Promise<void>> {
  const { row } = await findChat(deps.db, owner, chatId);
  const model = deps.languageModel;
  if (!model) throw new AppError(503, AI_NOT_CONFIGURED);
  const history = await listMessageRows(deps.db, chatId);
  const messages = buildModelMessages(row.system_prompt, history, content);
  const sentAt = deps.clock.now().toISOString();
  const pieces = model.stream(messages, signal)[Symbol.asyncIterator]();

  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (error) {
    if (!(error instanceof LanguageModelError) || error.kind !== 'aborted') throw modelError(error);
    // Stopped before the model said anything: the message stays, as the person saw it sent.
    first = { done: true, value: undefined };
  }

  let userMessage: AiMessage;
  try {
    userMessage = await keep(deps, chatId, { role: 'user', content, status: 'complete', created_at: sentAt });
  } catch (error) {
    // The model's request ends with ours.
    await pieces.return?.();
    throw error;
  }

  return async (write) => {
    write({ type: 'user_message', message: userMessage });
    // Stopped before the first piece: there is no reply to keep.
    if (first.done && signal.aborted) return;
    let reply = '';
    let status: AiMessage['status'] = 'complete';
    let failure: string | null = null;
    try {
      let next = first;
      while (!next.done) {
        reply += next.value;
        write({ type: 'delta', content: next.value });
        next = await pieces.next();
      }
    } catch (error) {
      if (error instanceof LanguageModelError && error.kind === 'aborted') {
        status = 'stopped';
      } else {
        status = 'failed';
        failure =
          error instanceof LanguageModelError && error.kind === 'timeout'
            ? AI_MODEL_TIMEOUT
            : AI_MODEL_FAILED;
        deps.log.warn({ err: error, chatId }, 'the AI model broke off its reply');
      }
    }
    try {
      const kept = await keep(deps, chatId, {
        role: 'assistant',
        content: reply,
        status,
        created_at: deps.clock.now().toISOString(),
      });
      write(failure ? { type: 'error', message: failure, reply: kept } : { type: 'done', message: kept });
    } catch (error) {
      deps.log.error({ err: error, chatId }, 'the AI reply could not be kept');
      write({ type: 'error', message: failure ?? AI_MODEL_FAILED, reply: null });
    }
  };
}

const modelError = (error: unknown) =>
  error instanceof LanguageModelError && error.kind === 'timeout'
    ? new AppError(504, AI_MODEL_TIMEOUT, undefined, undefined, error)
    : new AppError(502, AI_MODEL_FAILED, undefined, undefined, error);

/** A message, and the chat's last activity with it. */
async function keep(
  deps: AppDeps,
  chatId: number,
  message: { role: AiMessage['role']; content: string; status: AiMessage['status']; created_at: string },
) {
  return deps.db.transaction().execute(async (trx) => {
    const kept = await insertMessage(trx, { chat_id: chatId, ...message });
    await touchChat(trx, chatId, message.created_at);
    return kept;
  });
}
