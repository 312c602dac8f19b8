import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert, XCircle } from 'lucide-react';
import { ADMIN_TEXT, type TAuditResult } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { lastAuditQueryOptions, runAudit } from './admin-api';
import { SEVERITY_STYLE } from './reports-panel';

function AuditResult({ audit }: { audit: TAuditResult }) {
  const clean = audit.issues.length === 0;
  return (
    <div className="grid gap-3">
      <p
        role="status"
        className={cn(
          'flex items-center gap-2 rounded-xl p-4 text-sm font-medium',
          clean ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : SEVERITY_STYLE.warning,
        )}
      >
        {clean ? <CheckCircle2 className="size-5" aria-hidden /> : <ShieldAlert className="size-5" aria-hidden />}
        {clean
          ? `No issues found (${audit.checks} checks).`
          : `${audit.issues.length} issue${audit.issues.length === 1 ? '' : 's'} found.`}
        <span className="ml-auto text-xs font-normal">Run {new Date(audit.ranAt).toLocaleString()}</span>
      </p>
      <ul className="grid gap-2" aria-label="Audit findings">
        {audit.issues.map((issue) => (
          <li key={issue.check}>
            <Card className="grid gap-1 p-3 text-sm">
              <span className="flex items-center gap-2 font-medium">
                <span className={cn('pill', SEVERITY_STYLE[issue.severity])}>{issue.severity}</span>
                {issue.description}
              </span>
              <span className="text-muted-foreground">{issue.recommendation}</span>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Run Audit', and the newest stored audit. */
export function SecurityPanel() {
  const client = useQueryClient();
  const last = useQuery(lastAuditQueryOptions);
  const audit = useMutation({
    mutationFn: runAudit,
    onSuccess: (result) => client.setQueryData(lastAuditQueryOptions.queryKey, result),
  });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => audit.mutate()} disabled={audit.isPending}>
          {audit.isPending ? 'Running Audit...' : 'Run Audit'}
        </Button>
        <p className="text-sm text-muted-foreground">
          Checks second factors, secrets, the database, open reports and selfies, failed sign-ins, ratings, stored files
          and the log chain.
        </p>
      </div>
      {audit.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl bg-destructive/10 p-4 text-sm text-destructive-strong"
        >
          <XCircle className="size-5" aria-hidden /> {ADMIN_TEXT.auditFailed}
        </p>
      ) : last.data ? (
        <AuditResult audit={last.data} />
      ) : (
        !last.isPending && <p className="text-sm text-muted-foreground">No audit has run yet.</p>
      )}
    </div>
  );
}
