import { z } from 'zod';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText, textField } from './shared.ts';

export interface FaqValues {
  question: string;
  answer: string;
}

export const FAQ_LIMITS = { question: 500, answer: 5000 } as const;
/** The admin table cuts answers to this many characters (doc 2 §9). */
export const FAQ_PREVIEW_LENGTH = 100;

/** POST /faqs/create/: missing fields are empty (and then refused with the spec's message). */
export const faqCreateSchema = z.strictObject({ question: textField, answer: textField });
/** PUT /faqs/update/{id}/: a missing field stays as it is. */
export const faqUpdateSchema = z.strictObject({
  question: z.string().trim().optional(),
  answer: z.string().trim().optional(),
});

export function validateFaq(v: FaqValues): FieldMessages {
  return collect([
    ['question', requiredText(v.question, CONTENT_MSG.questionRequired, 'Question', FAQ_LIMITS.question)],
    ['answer', requiredText(v.answer, CONTENT_MSG.answerRequired, 'Answer', FAQ_LIMITS.answer)],
  ]);
}

/** The answer as the admin table shows it: at most 100 characters, with an ellipsis when cut. */
export function faqAnswerPreview(answer: string): string {
  return answer.length <= FAQ_PREVIEW_LENGTH ? answer : `${answer.slice(0, FAQ_PREVIEW_LENGTH)}…`;
}
