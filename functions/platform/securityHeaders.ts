/** The hardening headers on every portal response. */

const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  // no inline script: Vite emits only external modules (checked by the browser tests)
  'script-src': "'self'",
  // PrimeReact injects its component styles as <style> elements
  'style-src': "'self' 'unsafe-inline'",
  // data: for the favicon and the assets Vite inlines (under 4 KB); blob: for previews of files picked locally;
  // https: for the pictures of email templates, which the builder's preview shows from wherever mail loads them
  'img-src': "'self' data: blob: https:",
  'font-src': "'self' data:",
  // and the storage origin the portal PUTs large files to by presigned link (contentSecurityPolicy's argument)
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

export function contentSecurityPolicy(uploadOrigins: readonly string[] = []): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, value]) => `${name} ${name === 'connect-src' ? [value, ...uploadOrigins].join(' ') : value}`)
    .join('; ');
}

export function securityHeaders(uploadOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(uploadOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}
