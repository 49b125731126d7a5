/** Values global-setup.ts hands to the test workers through the environment. */
export const ADMIN_EMAIL = 'admin@e2e.townsquare.test';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the suite with \`playwright test\` so global-setup.ts runs.`);
  return value;
}

export const e2eEnv = {
  get baseUrl(): string {
    return required('E2E_BASE_URL');
  },
  /** An origin CORS_ORIGINS allows, with nothing listening: a spec serves its page there. */
  get clientOrigin(): string {
    return required('E2E_CLIENT_ORIGIN');
  },
  get mailDir(): string {
    return required('E2E_MAIL_DIR');
  },
};
