/** Writes docs/sdk/openapi.json from the SDK contract (`npm run sdk:openapi`); a test keeps the two equal. */
import { writeFileSync } from 'node:fs';
import { sdkOpenApi } from '../../shared/sdk/openapi';

writeFileSync(new URL('./openapi.json', import.meta.url), `${JSON.stringify(sdkOpenApi(), null, 2)}\n`);
