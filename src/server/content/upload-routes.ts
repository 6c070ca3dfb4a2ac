import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentFormSchema,
  SLOPE_FILE_FIELDS,
  slopeFormSchema,
  teamMemberFormSchema,
} from '../../domain/content/index.ts';
import type { AppContext } from '../context.ts';
import { sendCached } from '../plugins/public-cache.ts';
import {
  createDocument,
  DOCUMENT_FILE_FIELDS,
  DocumentSchema,
  deleteDocument,
  listDocuments,
  updateDocument,
} from './documents.ts';
import { adminOnly, IdParams, readUploadForm, tags } from './shared.ts';
import { createSlope, deleteSlope, listSlopes, SlopeSchema, updateSlope } from './slopes.ts';
import {
  createTeamMember,
  deleteTeamMember,
  listTeamMembers,
  TEAM_FILE_FIELDS,
  TeamMemberSchema,
  updateTeamMember,
} from './team.ts';

/** Multipart admin forms are read in the handler; this only documents them. */
const multipartForm = (description: string) => ({
  tags,
  security: adminOnly,
  consumes: ['multipart/form-data'],
  description,
});

/** Club details, organisation documents and team members: the three resources with files. */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { config: { access: 'admin' as const } };
    const open = { config: { access: 'public' as const } };

    // Club (slope) details
    api.get(
      '/slope-info/',
      { ...open, schema: { tags, response: { 200: z.array(SlopeSchema) } } },
      async (request, reply) => {
        await sendCached(ctx, request, reply, 'content:slope-info', () => listSlopes(ctx));
      },
    );
    const slopeForm =
      'Text fields race_club_name, slope_name, slope_contact_number, slope_website, slope_email, address_line_1, ' +
      'address_line_2, locality, postcode; files slope_image and slope_map (jpg, png or webp) only when they are ' +
      'files; slope_image_clear=true / slope_map_clear=true remove a picture. On update a missing field stays.';
    api.post(
      '/slope-info/create/',
      { ...admin, schema: { ...multipartForm(slopeForm), response: { 201: SlopeSchema } } },
      async (request, reply) => {
        const form = await readUploadForm(request, slopeFormSchema, SLOPE_FILE_FIELDS);
        return reply.status(201).send(await createSlope(ctx, form));
      },
    );
    api.put(
      '/slope-info/update/:id/',
      { ...admin, schema: { ...multipartForm(slopeForm), params: IdParams, response: { 200: SlopeSchema } } },
      async (request) =>
        updateSlope(ctx, request.params.id, await readUploadForm(request, slopeFormSchema, SLOPE_FILE_FIELDS)),
    );
    api.delete(
      '/slope-info/delete/:id/',
      { ...admin, schema: { tags, security: adminOnly, params: IdParams } },
      async (request, reply) => {
        await deleteSlope(ctx, request.params.id);
        return reply.status(204).send();
      },
    );

    // Organisation documents
    api.get(
      '/organization-documents/',
      { ...open, schema: { tags, response: { 200: z.array(DocumentSchema) } } },
      async (request, reply) => {
        await sendCached(ctx, request, reply, 'content:organization-documents', () => listDocuments(ctx));
      },
    );
    const documentForm =
      'Text field name; file document (pdf, required on create). On update a missing name or file stays.';
    api.post(
      '/organization-documents/create/',
      { ...admin, schema: { ...multipartForm(documentForm), response: { 201: DocumentSchema } } },
      async (request, reply) => {
        const form = await readUploadForm(request, documentFormSchema, DOCUMENT_FILE_FIELDS);
        return reply.status(201).send(await createDocument(ctx, form));
      },
    );
    api.put(
      '/organization-documents/update/:id/',
      { ...admin, schema: { ...multipartForm(documentForm), params: IdParams, response: { 200: DocumentSchema } } },
      async (request) =>
        updateDocument(ctx, request.params.id, await readUploadForm(request, documentFormSchema, DOCUMENT_FILE_FIELDS)),
    );
    api.delete(
      '/organization-documents/delete/:id/',
      { ...admin, schema: { tags, security: adminOnly, params: IdParams } },
      async (request, reply) => {
        await deleteDocument(ctx, request.params.id);
        return reply.status(204).send();
      },
    );

    // Team members
    api.get(
      '/team-members/',
      { ...open, schema: { tags, response: { 200: z.array(TeamMemberSchema) } } },
      async (request, reply) => {
        await sendCached(ctx, request, reply, 'content:team-members', () => listTeamMembers(ctx));
      },
    );
    const teamForm =
      'Text fields first_name, last_name, position; file photo (jpg, png or webp, optional); photo_clear=true ' +
      'removes the photo. On update a missing field stays.';
    api.post(
      '/team-members/create/',
      { ...admin, schema: { ...multipartForm(teamForm), response: { 201: TeamMemberSchema } } },
      async (request, reply) => {
        const form = await readUploadForm(request, teamMemberFormSchema, TEAM_FILE_FIELDS);
        return reply.status(201).send(await createTeamMember(ctx, form));
      },
    );
    api.put(
      '/team-members/update/:id/',
      { ...admin, schema: { ...multipartForm(teamForm), params: IdParams, response: { 200: TeamMemberSchema } } },
      async (request) =>
        updateTeamMember(ctx, request.params.id, await readUploadForm(request, teamMemberFormSchema, TEAM_FILE_FIELDS)),
    );
    api.delete(
      '/team-members/delete/:id/',
      { ...admin, schema: { tags, security: adminOnly, params: IdParams } },
      async (request, reply) => {
        await deleteTeamMember(ctx, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
