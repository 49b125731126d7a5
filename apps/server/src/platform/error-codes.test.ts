/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CAPACITY_MSG,
  ERROR_CODES,
  EVENT_MSG,
  errorCodeOf,
  MSG,
  SIGNUP_MSG,
  tooManyRequestsMessage,
  validationCode,
} from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../../..');

/** Stable error codes (packages/contracts/src/error-codes.ts), one table, all documented (decision 043). */
describe('error codes', () => {
  it('are SCREAMING_SNAKE_CASE and each is documented exactly once in docs/API.md', () => {
    const api = readFileSync(path.join(repository, 'docs/API.md'), 'utf8');
    const documented = [...api.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
  });

  it('the web app’s English errors catalog is the table', () => {
    const catalog = JSON.parse(
      readFileSync(path.join(repository, 'apps/web/src/locales/en/errors.json'), 'utf8'),
    ) as Record<string, string>;
    expect(catalog).toEqual(
      Object.fromEntries(Object.entries(ERROR_CODES).map(([c, m]) => [`errors.${c}`, m])),
    );
  });

  it('come from the constants, by their text', () => {
    expect(errorCodeOf(MSG.emailTaken, 409)).toEqual({ code: 'EMAIL_TAKEN' });
    expect(errorCodeOf(EVENT_MSG.notFound, 404)).toEqual({ code: 'EVENT_NOT_FOUND' });
    expect(errorCodeOf(EVENT_MSG.titleRequired, 400)).toEqual({ code: 'EVENT_TITLE_REQUIRED' });
    // One text in several constants: one code.
    expect(errorCodeOf('User not found', 404)).toEqual({ code: 'USER_NOT_FOUND' });
  });

  it('carry what a built message filled in', () => {
    expect(errorCodeOf(tooManyRequestsMessage(120), 429)).toEqual({
      code: 'TOO_MANY_REQUESTS_RETRY_MINUTES',
      params: { minutes: '2' },
    });
    expect(errorCodeOf(tooManyRequestsMessage(30), 429)).toEqual({
      code: 'TOO_MANY_REQUESTS_RETRY',
      params: { seconds: '30' },
    });
    expect(errorCodeOf(CAPACITY_MSG.tooManyGuests(0), 400)).toEqual({
      code: 'CAPACITY_TOO_MANY_GUESTS',
      params: { max: '0' },
    });
    expect(errorCodeOf(CAPACITY_MSG.tooManyGuests(2), 400)).toEqual({
      code: 'CAPACITY_TOO_MANY_GUESTS',
      params: { max: '2' },
    });
    expect(errorCodeOf(SIGNUP_MSG.full(3), 409)).toEqual({ code: 'SIGNUP_FULL', params: { left: '3' } });
    expect(errorCodeOf(CAPACITY_MSG.answerRequired('Diet?'), 400)).toEqual({
      code: 'CAPACITY_ANSWER_REQUIRED',
      params: { question: 'Diet?' },
    });
  });

  it('name what a schema refused, where, and the limit (validationCode)', () => {
    const issue = (keyword: string, instancePath: string, params: object = {}, message = 'Bad') => ({
      keyword,
      instancePath,
      params,
      message,
    });
    expect(validationCode(issue('too_big', '/q', { origin: 'string', maximum: 100 }))).toEqual({
      code: 'VALIDATION_TOO_LONG',
      params: { field: 'q', limit: '100' },
    });
    expect(validationCode(issue('too_small', '/limit', { origin: 'number', minimum: 1 }))).toEqual({
      code: 'VALIDATION_TOO_SMALL',
      params: { field: 'limit', limit: '1' },
    });
    expect(validationCode(issue('too_small', '/title', { origin: 'string', minimum: 1 }))).toEqual({
      code: 'VALIDATION_REQUIRED',
      params: { field: 'title' },
    });
    expect(validationCode(issue('too_big', '/guests', { origin: 'array', maximum: 5 }))).toEqual({
      code: 'VALIDATION_TOO_MANY',
      params: { field: 'guests', limit: '5' },
    });
    expect(
      validationCode(
        issue('invalid_type', '/questions/0/text', {}, 'Invalid input: expected string, received undefined'),
      ),
    ).toEqual({ code: 'VALIDATION_REQUIRED', params: { field: 'questions.0.text' } });
    expect(validationCode(issue('invalid_type', '/bio', {}, 'Bio must be text'))).toEqual({
      code: 'VALIDATION_INVALID_TYPE',
      params: { field: 'bio' },
    });
    expect(validationCode(issue('invalid_value', '/status'))).toEqual({
      code: 'VALIDATION_INVALID_OPTION',
      params: { field: 'status' },
    });
    expect(validationCode(issue('unrecognized_keys', '/', { keys: ['extra'] }))).toEqual({
      code: 'VALIDATION_UNKNOWN_FIELD',
      params: { field: 'extra' },
    });
    expect(validationCode(issue('custom', '/endDate'))).toEqual({
      code: 'VALIDATION_INVALID',
      params: { field: 'endDate' },
    });
  });

  it('fall back to the status’s generic code, or the caller’s', () => {
    expect(errorCodeOf('Something nobody wrote down', 404)).toEqual({ code: 'NOT_FOUND' });
    expect(errorCodeOf('Something nobody wrote down', 418)).toEqual({ code: 'BAD_REQUEST' });
    expect(errorCodeOf('Something nobody wrote down', 502)).toEqual({ code: 'INTERNAL_ERROR' });
    expect(errorCodeOf('Expected string, received number', 400, 'VALIDATION_FAILED')).toEqual({
      code: 'VALIDATION_FAILED',
    });
  });
});
