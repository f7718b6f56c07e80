/** cdk-nag's AwsSolutions and Serverless packs, run by `infra/nag.test.ts`; every accepted finding carries its reason. */
import { CfnResource, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, rules, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export interface NagFinding {
  rule: string;
  path: string;
  severity: string;
}

export function nagFindings(app: IConstruct): NagFinding[] {
  applyWildcardReasons(app);
  const out: NagFinding[] = [];
  for (const pack of [new AwsSolutionsChecks(), new ServerlessChecks()]) {
    for (const v of pack.validateScope(app).violations) {
      for (const r of v.violatingResources) out.push({ rule: v.ruleName, path: r.constructPath ?? r.resourceLogicalId ?? '', severity: v.severity ?? 'error' });
    }
  }
  return out;
}

export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

const WILDCARD_REASONS = 'herald:wildcard-reasons';

/** Findings are known only once cross-stack references resolve, so `nagFindings` applies these just before it checks. */
export function acknowledgeWildcards(scope: IConstruct, reason: string, ...patterns: RegExp[]): void {
  scope.node.addMetadata(WILDCARD_REASONS, { reason, patterns: patterns.map((p) => p.source) });
}

function applyWildcardReasons(root: IConstruct): void {
  const visit = (node: IConstruct, inherited: { reason: string; patterns: RegExp[] }[]) => {
    const own = node.node.metadata
      .filter((m) => m.type === WILDCARD_REASONS)
      .map((m) => {
        const data = m.data as { reason: string; patterns: string[] };
        return { reason: data.reason, patterns: data.patterns.map((p) => new RegExp(p)) };
      });
    const reasons = [...inherited, ...own];
    if (reasons.length > 0 && CfnResource.isCfnResource(node)) {
      const result = rules.iam.IAMNoWildcardPermissions(node);
      if (Array.isArray(result)) {
        for (const finding of result) {
          const why = reasons.find((r) => r.patterns.some((p) => p.test(finding)));
          if (why) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: why.reason });
        }
      }
    }
    for (const child of node.node.children) visit(child, reasons);
  };
  visit(root, []);
}
