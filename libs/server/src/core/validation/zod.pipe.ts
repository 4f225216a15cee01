import { PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { ApiError } from '../errors/api-error';

/** Validates a body, query or params object against a contract schema; 400 with the first problem. */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  /** Public so the OpenAPI document can describe the input from the same schema. */
  constructor(readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    // Sentences (the spec's own messages) stand alone; terse ones name the field they are about.
    const where = issue.path.length > 0 && !/[.!?]$/.test(issue.message) ? `${issue.path.join('.')}: ` : '';
    throw ApiError.badRequest(`${where}${issue.message}`);
  }
}
