/**
 * The rating link of a resolution e-mail (`/r/<token>`): a small server-rendered page for the customer, who never
 * signs in; the token is the credential (functions/use-cases/mail/rating-link.ts). The download link of a file in a
 * reply e-mail (`/f/<token>`, functions/use-cases/mail/file-link.ts) is the same kind of customer page. The form's post must come from the
 * page itself: the http layer checks `Origin`, else `Referer`, else the form's token (functions/http/handler.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { issueText } from '#shared/i18n/messages.ts';
import { text } from '#shared/schemas/text.ts';
import { defineRoute, type HttpResult } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { PAGE_FORM_FIELD, pageFormToken } from '../http/page-form.ts';
import { filePageHtml } from '../mail/templates/file-page.ts';
import { ratingPageHtml } from '../mail/templates/rating-page.ts';
import { catalogFor } from '../mail/templates/index.ts';
import { openFileLink } from '../use-cases/mail/file-link.ts';
import { type RatingPageAnswer, showRatingPage, submitRating } from '../use-cases/mail/rating-link.ts';

/** The token is checked by its signature (use-cases/mail/tokens.ts); here only the input rules apply. */
const tokenParams = z.object({
  token: text({
    label: 'field.ratingLink',
    max: 100,
    tooLong: issueText('validation.ratingLink.invalid'),
    required: issueText('validation.ratingLink.invalid'),
  }),
});
/** A file link's token; a malformed one gets the same page as a forged one. */
const fileParams = z.object({
  token: text({
    label: 'field.fileLink',
    max: 200,
    tooLong: issueText('validation.fileLink.invalid'),
    required: issueText('validation.fileLink.invalid'),
  }),
});
/** `?score=N`: the choice the customer clicked in the e-mail, shown selected. */
const pageQuery = z.object({ score: text({ label: 'field.score', max: 2 }).optional() });

/** The answer's page; a form carries its page's token (functions/http/page-form.ts). */
const page = async (answer: RatingPageAnswer, event: APIGatewayProxyEventV2) => ({
  status: answer.status,
  html: ratingPageHtml(catalogFor(answer.language), answer.page, {
    formField: answer.page.kind === 'form' ? { name: PAGE_FORM_FIELD, value: await pageFormToken(event) } : undefined,
  }),
  headers: { 'content-language': answer.language },
});

export const handler = groupHandler('rating', {
  'GET /r/{token}': defineRoute({
    access: 'public',
    page: true,
    params: tokenParams,
    query: pageQuery,
    async handle({ event, params, query, headers }) {
      return page(
        await showRatingPage(params.token, { preselect: query.score, acceptLanguage: headers['accept-language'] }),
        event,
      );
    },
  }),

  'GET /f/{token}': defineRoute({
    access: 'public',
    page: true,
    params: fileParams,
    async handle({ params, headers }): Promise<HttpResult> {
      const answer = await openFileLink(params.token, headers['accept-language']);
      // A 302 to the bucket's presigned GET (60 s, `Content-Disposition: attachment`, the sniffed type).
      if (answer.kind === 'download') {
        return { redirect: answer.url, headers: { 'x-content-type-options': 'nosniff' } };
      }
      return {
        status: answer.status,
        html: filePageHtml(catalogFor(answer.language), answer.problem),
        headers: { 'content-language': answer.language },
      };
    },
  }),

  'POST /r/{token}': defineRoute({
    access: 'public',
    page: true,
    params: tokenParams,
    async handle({ event, params, form, headers }) {
      return page(await submitRating(params.token, form, { acceptLanguage: headers['accept-language'] }), event);
    },
  }),
});
