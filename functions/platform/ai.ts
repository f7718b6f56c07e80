// The AI provider port: a prompt and its brief in, the model's text out; Amazon Bedrock (Converse API) on AWS, the
// deterministic offline provider (aiOffline.ts) locally and in tests.
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';

export type AiTask = 'message' | 'persona';

/** The organization's brand as a prompt carries it: only the caller's organization's brand voice. */
export interface BrandBrief {
  brandName: string;
  url: string;
  description: string;
  toneTags: readonly string[];
  personalityTags: readonly string[];
  languageStyle: string;
  sentenceStructure: string;
  emotionalRange: string;
  voiceSample: string;
  sampleNames: readonly string[];
  colors: readonly { type: string; value: string }[];
  layout: string;
}

export interface AiRequest {
  task: AiTask;
  modelId: string;
  system: string;
  prompt: string;
  brief: { brand: BrandBrief; request?: string; languages?: readonly string[] };
  maxTokens: number;
}

export interface AiProvider {
  complete(request: AiRequest): Promise<string>;
}

/** The Bedrock SDK, loaded by `import()`: a router cold start that composes nothing does not read it. */
const bedrockSdk = () => import('@aws-sdk/client-bedrock-runtime');

/** Bedrock's Converse API (POST /model/{modelId}/converse): one system block and one user message. */
export function bedrockProvider(region: string, endpoint?: string): AiProvider {
  let client: Promise<BedrockRuntimeClient> | undefined;
  const clientOf = () =>
    (client ??= bedrockSdk().then(
      ({ BedrockRuntimeClient }) => new BedrockRuntimeClient({ region, ...(endpoint ? { endpoint, credentials: { accessKeyId: 'LOCAL', secretAccessKey: 'LOCAL' } } : {}) }),
    ));
  return {
    async complete(request) {
      const [{ ConverseCommand }, bedrock] = await Promise.all([bedrockSdk(), clientOf()]);
      const out = await bedrock.send(
        new ConverseCommand({
          modelId: request.modelId,
          system: [{ text: request.system }],
          messages: [{ role: 'user', content: [{ text: request.prompt }] }],
          inferenceConfig: { maxTokens: request.maxTokens, temperature: 0.4 },
        }),
      );
      const text = out.output?.message?.content?.find((c) => typeof c.text === 'string')?.text;
      if (!text) throw new Error(`Bedrock answered no text (stop reason ${out.stopReason ?? 'unknown'})`);
      return text;
    },
  };
}
