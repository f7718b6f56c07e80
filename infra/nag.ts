/**
 * cdk-nag over Herald's app: the AwsSolutions and Serverless packs, run by `infra/nag.test.ts` (and by hand:
 * `nagFindings(app)` after a synth). A finding Herald accepts is acknowledged on its construct with `acknowledge`,
 * always with the reason written beside it; the acknowledgements are written into the templates' metadata too.
 */
import { CfnResource, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, rules, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export interface NagFinding {
  /** `AwsSolutions-IAM5[Resource::*]`: the rule and, for rules with several findings, the finding */
  rule: string;
  path: string;
  severity: string;
}

/** The unacknowledged findings of both packs over every stack of the app. */
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

/** Accepts the findings `ids` on `scope` (and everything under it), for the reason given. */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

const WILDCARD_REASONS = 'herald:wildcard-reasons';

/**
 * Accepts the IAM wildcards (AwsSolutions-IAM5 findings) of the policies under `scope` whose finding matches one
 * of `patterns` (`Action::s3:GetObject*`, `Resource::arn:...:table/herald-*`), for the reason given. The finding
 * text is only known once cross-stack references are resolved, so `nagFindings` turns these into
 * acknowledgements just before it checks; a wildcard no pattern explains stays a finding.
 */
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
