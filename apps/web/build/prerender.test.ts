import { describe, expect, it } from 'vitest';
import { pageHtml } from './prerender.ts';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <title>Townsquare · Connect with your local community</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageHtml', () => {
  it('puts the markup and title in the shell and starts the app from a boot script after paint', () => {
    const { html, boot } = pageHtml(
      shell,
      { title: 'Sign in · Townsquare', markup: '<h1>Welcome back</h1>' },
      ['assets/login-1.js', 'assets/index-abc.js'],
    );
    expect(html).toContain('<title>Sign in · Townsquare</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"><h1>Welcome back</h1></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-123.css">');
    expect(html).not.toContain('index-abc.js');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(`<script type="module" src="/${boot.file}"></script>`);
    expect(boot.file).toMatch(/^assets\/boot-[\w-]{8}\.js$/);
    expect(boot.source).toContain('["/assets/index-abc.js"]');
    expect(boot.source).toContain('["/assets/vendor-def.js","/assets/login-1.js"]');
    expect(boot.source).toContain('requestAnimationFrame');
  });
});

describe('the landing page started on demand (decision 058)', () => {
  it('starts the app at once with a stored session, else at the first sign of use', async () => {
    const { ACCESS_TOKEN_KEY: stored } = await import('../src/lib/api-client.ts');
    const { ACCESS_TOKEN_KEY } = await import('./prerender.ts');
    expect(ACCESS_TOKEN_KEY).toBe(stored);
    const { boot } = pageHtml(shell, { title: 'Townsquare', markup: '<h1>Hi</h1>' }, [], {
      onDemand: true,
      replay: true,
    });
    expect(boot.source).toContain(`localStorage.getItem("${ACCESS_TOKEN_KEY}")`);
    expect(boot.source).toContain("'pointerdown'");
    expect(boot.source).toContain("register('/sw.js'");
    const eager = pageHtml(shell, { title: 'Townsquare', markup: '<h1>Hi</h1>' }, []).boot.source;
    expect(eager).not.toContain('localStorage');
    expect(eager).toContain('requestAnimationFrame(() => setTimeout(boot, 0))');
    // Only pages whose markup the app replaces replay clicks (a hydrated page's are React's).
    expect(boot.source).toContain("addEventListener('click', replay, true)");
    expect(eager).not.toContain("addEventListener('click', replay, true)");
  });
});
