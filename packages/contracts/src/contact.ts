// The "Leave us message" form. The enforced limits (100) and the messages that
// name 200 disagree on purpose: the texts are the product's, kept to the letter.
import { z } from 'zod';
import { cleanText } from './hygiene.js';

export const contactLimits = { content: 5000, name: 100, replyEmail: 100 } as const;

export const contactMessages = {
  contentRequired: 'Please enter your message.',
  contentTooLong: 'Your message cannot exceed 5000 characters.',
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Name cannot exceed 200 characters.',
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Eamil format is not valid',
  emailTooLong: 'Email cannot exceed 200 characters.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string, field: string) =>
  z
    .string({ error: message })
    .refine((v) => v.trim() !== '', message)
    .superRefine(cleanText(field));

export const customerQuestionRequest = z.object({
  content: required(contactMessages.contentRequired, 'Your message').refine(
    (v) => v.length <= contactLimits.content,
    contactMessages.contentTooLong,
  ),
  name: required(contactMessages.nameRequired, 'Your name').refine(
    (v) => v.length <= contactLimits.name,
    contactMessages.nameTooLong,
  ),
  replyEmail: required(contactMessages.emailRequired, 'Your email')
    .refine((v) => v.trim() === '' || EMAIL.test(v.trim()), contactMessages.emailInvalid)
    .refine((v) => v.length <= contactLimits.replyEmail, contactMessages.emailTooLong),
});
export type CustomerQuestionRequest = z.infer<typeof customerQuestionRequest>;
