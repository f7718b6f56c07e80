/**
 * The Bedrock adapter's contract: the real SDK client, pointed at a local HTTP server, sends the Converse call
 * the composer builds (path /model/<id>/converse, the system text, the user message and the inference settings),
 * and the answer's text is what the adapter returns. The server speaks HTTP/2 (cleartext), as the Bedrock runtime
 * client does by default. No AWS account is needed.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bedrockProvider } from './ai';
import { offlineAiProvider } from './aiOffline';
import { brandBriefOf, messagePrompt } from '../services/brandVoice/prompt';

interface Captured {
  method?: string;
  path?: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}
const captured: Captured[] = [];
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
  captured.push({ method: req.method, path: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      output: { message: { role: 'assistant', content: [{ text: '{"contents":{}}' }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      metrics: { latencyMs: 1 },
    }),
  );
});
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const brand = brandBriefOf({
  orgId: 1,
  id: 'brandVoice',
  version: 1,
  dateCreated: 0,
  dateUpdated: 0,
  createdBy: 'u',
  updatedBy: 'u',
  brandName: 'Aurora Tea',
  url: 'https://aurora.example',
  description: '',
  toneTags: ['serene'],
  personalityTags: [],
  languageStyle: 'NEUTRAL',
  sentenceStructure: 'SHORT',
  emotionalRange: 'WARM',
  voiceSample: '',
  samples: [],
  fonts: [],
  logo: { url: '', width: 0, height: 0 },
  brandColors: [{ type: 'PRIMARY', value: '#2E5E4E' }],
  layout: 'HERO_FIRST',
  modelId: '',
});

describe('bedrockProvider', () => {
  it('sends the Converse request for the chosen model and answers its text', async () => {
    const request = messagePrompt(brand, 'Announce the spring harvest', ['en', 'ja'], 'anthropic.claude-3-haiku-20240307-v1:0');
    const answer = await bedrockProvider('us-east-1', endpoint).complete(request);
    expect(answer).toBe('{"contents":{}}');
    const [call] = captured;
    expect(call?.method).toBe('POST');
    // the SDK encodes the model id's colon in the path
    expect(decodeURIComponent(call!.path!)).toBe('/model/anthropic.claude-3-haiku-20240307-v1:0/converse');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=LOCAL\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(call!.body).toEqual({
      system: [{ text: request.system }],
      messages: [{ role: 'user', content: [{ text: request.prompt }] }],
      inferenceConfig: { maxTokens: 2000, temperature: 0.4 },
    });
    expect(request.prompt).toContain('Announce the spring harvest');
    expect(request.prompt).toContain('Languages (BCP 47 codes): en, ja');
    expect(request.prompt).toContain('Tone: serene');
  });

  it('the offline provider answers the same shape from the brief alone, the same every time', async () => {
    const request = messagePrompt(brand, 'Hello', ['en'], 'any');
    const first = await offlineAiProvider.complete(request);
    expect(await offlineAiProvider.complete(request)).toBe(first);
    expect(JSON.parse(first).contents.en.subject).toBe('News from Aurora Tea');
  });
});
