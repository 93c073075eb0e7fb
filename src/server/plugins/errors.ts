import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, invalid } from '../errors.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const label = (field: string) => field.replace(/_/g, ' ');

function ajvMessage(field: string, e: AjvError): string {
  const name = label(field);
  switch (e.keyword) {
    case 'required': return `The ${name} field is required.`;
    case 'format':
      if (e.params.format === 'email') return `The ${name} field must be a valid email address.`;
      if (e.params.format === 'date') return `The ${name} field must be a real date (YYYY-MM-DD) between 1900-01-01 and 2199-12-31.`;
      return `The ${name} field must be a valid ${e.params.format}.`;
    case 'minLength': return Number(e.params.limit) === 1 ? `The ${name} field is required.` : `The ${name} field must be at least ${e.params.limit} characters.`;
    case 'maxLength': return `The ${name} field must not be greater than ${e.params.limit} characters.`;
    case 'minimum': return `The ${name} field must be at least ${e.params.limit}.`;
    case 'maximum': return `The ${name} field must not be greater than ${e.params.limit}.`;
    case 'type': return `The ${name} field must be a ${e.params.type}.`;
    case 'enum': return `The selected ${name} is invalid.`;
    case 'pattern': return `The ${name} field format is invalid.`;
    default: return `The ${name} field is invalid.`;
  }
}

function fieldOf(e: AjvError): string {
  if (e.keyword === 'required') {
    const parent = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return [parent, String(e.params.missingProperty)].filter(Boolean).join('.');
  }
  return e.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** PostgreSQL errors that mean another request won a race (SQLSTATE). */
const RACE_CODES: Record<string, string> = {
  '23505': 'This conflicts with a record saved at the same moment. Please reload and try again.',
  '40001': 'Another change was saved at the same moment. Please try again.',
  '40P01': 'Another change was saved at the same moment. Please try again.',
};

/** One error handler: every failure leaves in the contract's shape; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & Partial<HttpError>, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: Record<string, unknown> = { message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
      return reply.status(419).send({ message: 'CSRF token mismatch.' });
    }
    if (error.validation) {
      if (error.validationContext === 'body') {
        const errors: Record<string, string[]> = {};
        for (const e of error.validation as AjvError[]) {
          const field = fieldOf(e);
          (errors[field] ??= []).push(ajvMessage(field, e));
        }
        const http = invalid(errors);
        return reply.status(422).send({ message: http.message, errors });
      }
      return reply.status(400).send({ message: `Invalid ${error.validationContext ?? 'request'}: ${error.message}` });
    }
    // a request that lost a race the database settled (the same email registered twice at once,
    // two writers on one row): the other one won, so this one conflicts, it is not a bug
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    const raced = RACE_CODES[String(cause?.code)];
    if (raced) {
      request.log.warn({ err: error }, 'request lost a race');
      return reply.status(409).send({ message: raced });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && error.headers) reply.headers(error.headers as Record<string, string>);
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Server Error' });
  });
});
