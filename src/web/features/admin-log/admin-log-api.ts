// The admin log (issue 39): a page of lines for the filters in the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminLogPage, AdminLogQuery } from '../../../domain/api/admin-log.ts';
import { api } from '../../lib/api.ts';

export function useAdminLog(q: AdminLogQuery, enabled: boolean) {
  const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  const search = params.toString();
  return useQuery({
    queryKey: ['admin-log', search],
    queryFn: ({ signal }) => api.get<AdminLogPage>(`/admin/log${search ? `?${search}` : ''}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
