import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactSchema,
  contentUpdateSchema,
  faqCreateSchema,
  faqUpdateSchema,
  governanceUpdateSchema,
} from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { limitPerAddress } from '../plugins/address-limits.ts';
import { sendCached } from '../plugins/public-cache.ts';
import { readContentBlocks, updateContentBlocks } from './blocks.ts';
import { sendContactMessage } from './contact.ts';
import {
  ContactMessageListSchema,
  ContactMessageSchema,
  listContactMessages,
  markContactMessageRead,
  markContactMessageUnread,
  unreadContactMessages,
} from './contact-messages.ts';
import { createFaq, deleteFaq, FaqSchema, listFaqs, updateFaq } from './faqs.ts';
import { readGovernance, updateGovernance } from './governance.ts';
import { adminOnly, IdParams, tags } from './shared.ts';
import { uploadRoutes } from './upload-routes.ts';

const Paragraph = z.object({ paragraph: z.string() });
const Testimonial = z.object({ quote: z.string(), author: z.string() });
const Blocks = z.object({
  home_intro: z.string(),
  about_mission: z.string(),
  about_start_racing: z.string(),
  testimonials: z.array(Testimonial),
  schools_rules: z.string(),
  safeguarding: z.string(),
});

/** The content area (doc 1 §2 public pages, doc 2 content panels): club details, organisation
 * documents, team members, FAQs, governance, the editable text blocks and the contact form. */
export function contentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(uploadRoutes(ctx));
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };
    const open = { config: { access: 'public' as const } };

    // FAQs
    api.get('/faqs/', { ...open, schema: { tags, response: { 200: z.array(FaqSchema) } } }, async (request, reply) => {
      await sendCached(ctx, request, reply, 'content:faqs', () => listFaqs(ctx));
    });
    api.post(
      '/faqs/create/',
      { ...admin, schema: { tags, security: adminOnly, body: faqCreateSchema, response: { 201: FaqSchema } } },
      async (request, reply) => reply.status(201).send(await createFaq(ctx, request.body)),
    );
    api.put(
      '/faqs/update/:id/',
      {
        ...admin,
        schema: { tags, security: adminOnly, params: IdParams, body: faqUpdateSchema, response: { 200: FaqSchema } },
      },
      async (request) => updateFaq(ctx, request.params.id, request.body),
    );
    api.delete(
      '/faqs/delete/:id/',
      { ...admin, schema: { tags, security: adminOnly, params: IdParams } },
      async (request, reply) => {
        await deleteFaq(ctx, request.params.id);
        return reply.status(204).send();
      },
    );

    // Governance: a 404 means there is no paragraph yet.
    api.get('/governance/', { ...open, schema: { tags, response: { 200: Paragraph } } }, async (request, reply) => {
      await sendCached(ctx, request, reply, 'content:governance', () => readGovernance(ctx));
    });
    api.patch(
      '/governance/update/',
      { ...admin, schema: { tags, security: adminOnly, body: governanceUpdateSchema, response: { 200: Paragraph } } },
      async (request) => updateGovernance(ctx, request.body),
    );

    // The editable text blocks ('Edit Content')
    api.get('/content/', { ...open, schema: { tags, response: { 200: Blocks } } }, async (request, reply) => {
      await sendCached(ctx, request, reply, 'content:blocks', () => readContentBlocks(ctx));
    });
    api.put(
      '/content/update/',
      { ...admin, schema: { tags, security: adminOnly, body: contentUpdateSchema, response: { 200: Blocks } } },
      async (request) => updateContentBlocks(ctx, request.body),
    );

    // Contact form
    api.post(
      '/contact/',
      {
        config: { access: 'public' },
        onRequest: limitPerAddress(ctx, { bucket: 'contact', perMinute: 5 }),
        schema: { tags, body: contactSchema, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => sendContactMessage(ctx, request.body, request.log),
    );

    // Contact messages in the back office (issue 24)
    api.get(
      '/admin/contact-messages/',
      { ...admin, schema: { tags, security: adminOnly, response: { 200: ContactMessageListSchema } } },
      async () => listContactMessages(ctx),
    );
    api.get(
      '/admin/contact-messages/unread-count/',
      { ...admin, schema: { tags, security: adminOnly, response: { 200: z.object({ unread: z.number().int() }) } } },
      async () => unreadContactMessages(ctx),
    );
    api.post(
      '/admin/contact-messages/:id/read/',
      { ...admin, schema: { tags, security: adminOnly, params: IdParams, response: { 200: ContactMessageSchema } } },
      async (request) => markContactMessageRead(ctx, request.params.id),
    );
    api.post(
      '/admin/contact-messages/:id/unread/',
      { ...admin, schema: { tags, security: adminOnly, params: IdParams, response: { 200: ContactMessageSchema } } },
      async (request) => markContactMessageUnread(ctx, request.params.id),
    );
  };
}
