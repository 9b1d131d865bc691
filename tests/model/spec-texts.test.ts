/**
 * Issue 30 "The spec's texts word for word": every text of the spec (tests/model/spec-texts.ts) is in
 * the product as written, none is upper-cased by a style, and each toast's title is the spec's text
 * alone (the server's reason is the toast's detail, never joined into the title).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_ADDED_MESSAGE } from '@/api/schemas/tokens';
import { USER_CREATED_MESSAGE, USER_UPDATED_MESSAGE } from '@/api/schemas/users';
import {
  FEED_CREATE_FAILED,
  FEED_UPDATE_FAILED,
  importedMessage,
  savedToast,
} from '@/machines/feedEditor.machine';
import { PROFILE_MESSAGES } from '@/machines/profile.machine';
import { LOGOUT_FAILED_MESSAGE } from '@/machines/session.machine';
import { CREATE_USER_FAILED_MESSAGE, UPDATE_USER_FAILED_MESSAGE } from '@/machines/userForm.machine';
import { SPEC_TEXTS, TOAST_TEXTS } from './spec-texts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The product's own source files under `dir` (tests excluded), relative to the repository. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** A file's text as it reads on screen: JSX entities decoded, any run of white space one space. */
function readable(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8')
    .replaceAll('&apos;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

/** The text of a call's first argument, from `start` (just after the '(') to its top-level comma. */
function firstArgument(source: string, start: number): string {
  let depth = 0;
  for (let index = start; index < source.length; index++) {
    const char = source[index];
    if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') depth -= 1;
    if ((char === ',' && depth === 0) || depth < 0) return source.slice(start, index).trim();
  }
  return source.slice(start);
}

const FILES = [...sourceFiles('src'), ...sourceFiles('server')];
const SOURCES = new Map(FILES.map((file) => [file, readable(file)]));

describe("the spec's texts", () => {
  it.each(SPEC_TEXTS.map((entry) => [entry.section, entry.text]))(
    '%s %j is in the product as written',
    (_, text) => {
      const holders = FILES.filter((file) => SOURCES.get(file)?.includes(text));
      expect(holders.length, `no source file holds ${JSON.stringify(text)}`).toBeGreaterThan(0);
    },
  );

  it('are not upper-cased by a style (the tagline read CONNECT. SYNC. SELL.)', () => {
    const shouted: string[] = [];
    for (const [file, source] of SOURCES) {
      for (const match of source.matchAll(/textTransform="uppercase"[^>]*>([^<]*)</g)) {
        const content = match[1]?.trim() ?? '';
        if (SPEC_TEXTS.some((entry) => entry.text === content)) shouted.push(`${file}: ${content}`);
      }
    }
    expect(shouted).toEqual([]);
  });

  it("each toast's title is the spec's text alone", () => {
    expect({
      createUserFailed: CREATE_USER_FAILED_MESSAGE,
      updateUserFailed: UPDATE_USER_FAILED_MESSAGE,
      createFeedFailed: FEED_CREATE_FAILED,
      updateFeedFailed: FEED_UPDATE_FAILED,
      avatarUploadFailed: PROFILE_MESSAGES.avatarUploadFailed,
      avatarDeleteFailed: PROFILE_MESSAGES.avatarDeleteFailed,
      userCreated: USER_CREATED_MESSAGE,
      userUpdated: USER_UPDATED_MESSAGE,
      profileUpdated: PROFILE_MESSAGES.profileUpdated,
      passwordUpdated: PROFILE_MESSAGES.passwordUpdated,
      avatarUploaded: PROFILE_MESSAGES.avatarUploaded,
      avatarDeleted: PROFILE_MESSAGES.avatarDeleted,
      feedCreated: savedToast(true, 'Acme', 10).message,
      feedUpdated: savedToast(false, 'Acme', 10).message,
      tokenAdded: TOKEN_ADDED_MESSAGE,
    }).toEqual(TOAST_TEXTS);
    expect(LOGOUT_FAILED_MESSAGE).toBe('Failed to logout.');
    // §8 'Imported N products' and §2 'Show {n} more...'.
    expect(importedMessage(3)).toBe('Imported 3 products');
    expect(SOURCES.get('src/features/feeds/FeedsPanel.tsx')).toContain('Show {hidden} more...');
  });

  it('no toast title is a spec text with a reason joined to it (the reason is the detail)', () => {
    // failureText('<spec text>', error) words a failure as '<spec text>: <reason>': right under a form
    // or in a panel for texts of our own, never for the spec's toasts.
    const toastConstants = [
      'CREATE_USER_FAILED_MESSAGE',
      'UPDATE_USER_FAILED_MESSAGE',
      'FEED_CREATE_FAILED',
      'FEED_UPDATE_FAILED',
      'LOGOUT_FAILED_MESSAGE',
      'PROFILE_MESSAGES',
    ];
    const joined = [...SOURCES].flatMap(([file, source]) =>
      [...source.matchAll(/failureText\(/g)]
        .map((match) => firstArgument(source, (match.index ?? 0) + match[0].length))
        .filter((argument) => toastConstants.some((name) => argument.includes(name)))
        .map((argument) => `${file}: failureText(${argument}, …)`),
    );
    expect(joined).toEqual([]);
  });
});
