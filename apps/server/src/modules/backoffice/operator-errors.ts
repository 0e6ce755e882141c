/**
 * Errors of the operator endpoints (`/nfx/operator/…`), in the content service's error style:
 * `{data: null, error: {status, name, message, details: {code, fields?}}}`, in the staff member's
 * language. One handler for every module's operator routes; a module may add its own texts.
 */
import type { Locale } from '@croupier/contract/locales';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, databaseUnavailable, messageValues } from '../../lib/app-error.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { backofficeText, isBackofficeMessageKey } from './backoffice.messages.ts';

export function operatorErrorName(status: number): string {
  if (status === 400) return 'ValidationError';
  if (status === 401) return 'UnauthorizedError';
  if (status === 403) return 'ForbiddenError';
  if (status === 404) return 'NotFoundError';
  if (status === 429) return 'RateLimitError';
  if (status === 503) return 'ServiceUnavailableError';
  return status >= 500 ? 'InternalServerError' : 'ApplicationError';
}

/**
 * The error handler of an operator scope. `moduleText` gives a module's own text for an AppError
 * (undefined: the back office's texts, then the catalogue's).
 */
export function operatorErrorHandler(
  messages: MessageRegistry,
  moduleText?: (locale: Locale, error: AppError) => string | undefined,
) {
  return (caught: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request);
    const error =
      !(caught instanceof AppError) && isDatabaseUnavailableError(caught)
        ? databaseUnavailable(caught)
        : caught;
    let status = 500;
    let code = 'internal_error';
    let message = messages.translate(locale, 'InternalServerErrorException');
    let fields: Record<string, string> | undefined;
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError) {
      status = error.httpStatus;
      code = error.code;
      fields = error.fields;
      const key = error.messageKey;
      message =
        moduleText?.(locale, error) ??
        (key !== undefined && isBackofficeMessageKey(key)
          ? backofficeText(locale, key, error.values)
          : messages.translate(locale, error.type, messageValues(error)));
    } else if (error instanceof z.ZodError) {
      status = 400;
      code = 'invalid_parameter';
      fields = Object.fromEntries(
        error.issues.slice(0, 10).map((issue) => [String(issue.path[0] ?? '_'), issue.code]),
      );
      message = messages.translate(locale, 'InvalidParameterException', {
        fields: Object.keys(fields).join(', '),
      });
    } else if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      status = statusCode;
      code = 'bad_request';
      message = messages.translate(locale, 'InvalidRequestException');
    } else {
      request.log.error({ err: error }, 'operator route failed');
    }
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send({
        data: null,
        error: {
          status,
          name: operatorErrorName(status),
          message,
          details: { code, ...(fields ? { fields } : {}) },
        },
      });
  };
}

/** An operator answer: `{data}`, never cached (staff data). */
export function sendData(reply: FastifyReply, data: unknown) {
  return reply.header('cache-control', 'no-store').send({ data });
}

/** A path parameter as sent, cut to 32 characters: what an audit row names before validation. */
export function rawParam(request: FastifyRequest, name: string): string {
  return String((request.params as Record<string, unknown> | undefined)?.[name] ?? '').slice(0, 32);
}
