/** Made from the schemas the server validates with; `docs/sdk/openapi.json` must match it (a test checks). */
import * as z from 'zod';
import { APP_VERSION } from '../version';
import { SDK_BASE_PATH, SDK_HEADERS, SDK_OPERATION_NAMES, SDK_OPERATIONS, SDK_USER_TOKEN, sdkError } from './contract';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

const envelope = (payload: Json): Json => ({
  type: 'object',
  required: ['state', 'payload'],
  properties: {
    state: { type: 'string', enum: ['S'] },
    payload,
    errorCode: { type: 'null' },
  },
});

const failure: Json = {
  type: 'object',
  required: ['state', 'errorCode', 'errorMessage'],
  properties: { state: { type: 'string', enum: ['F'] }, payload: { type: 'null' }, ...(schemaOf(sdkError, 'output').properties as Json) },
};

const header = (name: string, description: string, pattern: string): Json => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', pattern },
});

export function sdkOpenApi(): Json {
  const paths: Json = {};
  for (const name of SDK_OPERATION_NAMES) {
    const op = SDK_OPERATIONS[name];
    paths[`${SDK_BASE_PATH}/${name}`] = {
      post: {
        operationId: name,
        summary: op.summary,
        description: op.description,
        security: [{ appSignature: [] }],
        parameters: [
          { $ref: '#/components/parameters/AppKey' },
          { $ref: '#/components/parameters/Timestamp' },
          { $ref: '#/components/parameters/Nonce' },
          { $ref: '#/components/parameters/Signature' },
          { $ref: '#/components/parameters/UserToken' },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.request, 'input') } } },
        responses: {
          '200': { description: 'Done', content: { 'application/json': { schema: envelope(schemaOf(op.response, 'output')) } } },
          default: { description: 'Refused: a code of the error catalogue', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Herald app SDK API',
      version: APP_VERSION,
      description: [
        "What an organization's iOS and Android apps send to Herald: accounts, devices, attributes and tags, events, notification permissions and sign-outs.",
        'Every call is signed. The string to sign is the method, the path, the timestamp, the nonce and the hex SHA-256 of the body, joined by newlines;',
        `the signature is HMAC-SHA256 of it with the app's signing secret, base64url, sent in ${SDK_HEADERS.signature}.`,
        "A timestamp more than five minutes from the server's clock answers 401005; a nonce used before answers 400009; an unknown app key 400001;",
        'a wrong signature 400009; too many calls a minute, or too many wrong signatures from one address, 400014 with Retry-After.',
        `The signing secret ships in the app, so it proves only the app: an existing account's addresses, consents and push change only with a user token in ${SDK_HEADERS.userToken},`,
        `an HS256 JWT the organization's back end signs with the app's server key (sub: the account id, aud: the app key, exp at most ${SDK_USER_TOKEN.maxLifetimeSeconds} s after iat).`,
        'A user token that does not check answers 400017; an expired one, or none where one is needed, 400018.',
      ].join(' '),
    },
    paths,
    components: {
      securitySchemes: { appSignature: { type: 'apiKey', in: 'header', name: SDK_HEADERS.appKey } },
      parameters: {
        AppKey: header(SDK_HEADERS.appKey, 'The app key shown on the Applications screen.', '^hk\\.[0-9]{1,9}\\.[A-Za-z0-9-]{1,64}$'),
        Timestamp: header(SDK_HEADERS.timestamp, 'Milliseconds since the epoch when the call was made.', '^[0-9]{10,16}$'),
        Nonce: header(SDK_HEADERS.nonce, 'A value never used before with this app key (16 to 64 letters, digits, - or _).', '^[A-Za-z0-9_-]{16,64}$'),
        Signature: header(SDK_HEADERS.signature, 'HMAC-SHA256 of the string to sign, base64url.', '^[A-Za-z0-9_-]{43}$'),
        UserToken: {
          ...header(
            SDK_HEADERS.userToken,
            "Optional: a user token for the body's accountId, signed by the organization's back end with the app's server key.",
            '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
          ),
          required: false,
        },
      },
      schemas: { Failure: failure },
    },
  };
}
