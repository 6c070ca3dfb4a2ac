import { z } from 'zod';
import { type TextRule, textField } from '../text.ts';
import { CONTENT_MSG } from './messages.ts';
import { collect, type FieldMessages, requiredText } from './shared.ts';

export interface FaqValues {
  question: string;
  answer: string;
}

export const FAQ_LIMITS = { question: 500, answer: 5000 } as const;
export const FAQ_TEXT = {
  question: { label: 'Question', max: FAQ_LIMITS.question, required: CONTENT_MSG.questionRequired },
  answer: { label: 'Answer', max: FAQ_LIMITS.answer, multiline: true, required: CONTENT_MSG.answerRequired },
} as const satisfies Record<keyof FaqValues, TextRule>;
/** The admin table cuts answers to this many characters (doc 2 §9). */
export const FAQ_PREVIEW_LENGTH = 100;

/** POST /faqs/create/: missing fields are empty (and then refused with the spec's message). */
export const faqCreateSchema = z.strictObject({
  question: textField(FAQ_TEXT.question).default(''),
  answer: textField(FAQ_TEXT.answer).default(''),
});
/** PUT /faqs/update/{id}/: a missing field stays as it is. */
export const faqUpdateSchema = z.strictObject({
  question: textField(FAQ_TEXT.question).optional(),
  answer: textField(FAQ_TEXT.answer).optional(),
});

export function validateFaq(v: FaqValues): FieldMessages {
  return collect([
    ['question', requiredText(v.question, FAQ_TEXT.question)],
    ['answer', requiredText(v.answer, FAQ_TEXT.answer)],
  ]);
}

/** The answer as the admin table shows it: at most 100 characters, with an ellipsis when cut. */
export function faqAnswerPreview(answer: string): string {
  return answer.length <= FAQ_PREVIEW_LENGTH ? answer : `${answer.slice(0, FAQ_PREVIEW_LENGTH)}…`;
}
