import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Table, type FormProps, type TableColumnsType, type TableProps } from 'antd';
import { defineStrings, useT } from '../i18n.ts';

const strings = defineStrings({
  en: {
    loadFailed: 'Could not load the list: {msg}',
    retry: 'Retry',
    search: 'Search',
    reset: 'Reset',
    total: '{n} in all',
  },
  zh_CN: {
    loadFailed: '列表加载失败：{msg}',
    retry: '重新加载',
    search: '查询',
    reset: '重置',
    total: '共 {n} 条',
  },
});

/** The paging every list call takes. */
export type PageRequest = { page: number; page_size: number };

/** What every paged list call answers. */
export interface ListData<Row extends object = object> {
  list: Row[];
  total: number;
}
type RowOf<D extends ListData> = D['list'][number];

export interface ListContext<F, D> {
  filters: F;
  /** Changes some filters and goes back to the first page. */
  set: (patch: Partial<F>) => void;
  /** The last answer (e.g. counts for tabs), while it is there. */
  data: D | undefined;
  refetch: () => void;
  fetching: boolean;
}

export interface ListPageProps<F extends object, D extends ListData> {
  title: ReactNode;
  /** Buttons on the card's title row (e.g. "New …"). */
  extra?: ReactNode;
  /** The query key's prefix: invalidating it elsewhere reloads the list. Page and filters are added. */
  queryKey: readonly unknown[];
  initialFilters: F;
  /**
   * Fetches one page; the rows' type comes from its answer. (When the filters are not used, write
   * `(p: PageRequest) => …`: TypeScript then infers the rows before typing the columns.)
   */
  load: (req: PageRequest, filters: NoInfer<F>) => Promise<D>;
  /** The filters row above the table; `set` applies filters (and returns to page 1). */
  filters?: (ctx: ListContext<F, D>) => ReactNode;
  /** Something between the filters and the table (e.g. status tabs). */
  above?: (ctx: ListContext<F, D>) => ReactNode;
  columns: NoInfer<TableColumnsType<RowOf<D>>>;
  rowKey: NoInfer<TableProps<RowOf<D>>['rowKey']>;
  pageSize?: number;
  /** "12 parcels" under the table; the default says "12 in all". */
  totalText?: (n: number) => string;
  refetchInterval?: number;
  /** Other table settings (row clicks, expandable rows, size). */
  table?: NoInfer<Omit<TableProps<RowOf<D>>, 'columns' | 'dataSource' | 'pagination' | 'loading' | 'rowKey'>>;
  /** Drawers and modals the page opens from the list. */
  children?: ReactNode;
}

/**
 * The console's one list page: a card with a filters row, a table paged on the server (page, page_size,
 * total), a loading state, and an error with a retry rather than an empty table that looks like "nothing
 * there". Wide tables scroll inside the card instead of pushing the layout past the screen.
 */
export function ListPage<F extends object, D extends ListData>(props: ListPageProps<F, D>) {
  const t = useT(strings);
  const pageSize = props.pageSize ?? 20;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<F>(props.initialFilters);
  const q = useQuery({
    queryKey: [...props.queryKey, page, pageSize, filters],
    queryFn: () => props.load({ page, page_size: pageSize }, filters),
    // The previous page stays visible (greyed by the table's spinner) while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval,
  });
  const ctx: ListContext<F, D> = {
    filters,
    set: (patch) => {
      setFilters((f) => ({ ...f, ...patch }));
      setPage(1);
    },
    data: q.data,
    refetch: () => void q.refetch(),
    fetching: q.isFetching,
  };
  const total = q.data?.total ?? 0;
  return (
    <Card title={props.title} extra={props.extra}>
      {props.filters && (
        <Flex wrap gap="small" align="center" style={{ marginBottom: 12 }} data-testid="list-filters">
          {props.filters(ctx)}
        </Flex>
      )}
      {props.above?.(ctx)}
      {q.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('loadFailed', { msg: q.error instanceof Error ? q.error.message : String(q.error) })}
          action={
            <Button size="small" onClick={ctx.refetch} loading={q.isFetching} data-testid="list-retry">
              {t('retry')}
            </Button>
          }
          data-testid="list-load-error"
        />
      )}
      <Table<RowOf<D>>
        size="middle"
        scroll={{ x: 'max-content' }}
        {...props.table}
        rowKey={props.rowKey}
        columns={props.columns}
        loading={q.isLoading || q.isPlaceholderData}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page,
          pageSize,
          total,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => (props.totalText ? props.totalText(n) : t('total', { n })),
          hideOnSinglePage: false,
        }}
      />
      {props.children}
    </Card>
  );
}

/** Filters that apply together on "Search" (a form), for lists with many of them; "Reset" clears and applies. */
export function ListFilterForm<V extends object>({
  initialValues,
  onSearch,
  children,
  ...rest
}: {
  initialValues?: Partial<V>;
  onSearch: (values: V) => void;
  children: ReactNode;
} & Omit<FormProps<V>, 'onFinish' | 'initialValues' | 'children'>) {
  const t = useT(strings);
  const [form] = Form.useForm<V>();
  return (
    <Form<V> form={form} layout="inline" style={{ rowGap: 8 }} initialValues={initialValues} onFinish={onSearch} {...rest}>
      {children}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Flex gap="small">
          <Button type="primary" htmlType="submit" data-testid="list-search">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.submit();
            }}
          >
            {t('reset')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}

/**
 * Spread into a table's action column (`{ ...actionColumn, title, render }`): it stays pinned at the right
 * edge while the other columns scroll, so Confirm / Reject are in view on a laptop screen.
 */
export const actionColumn = { key: 'actions', fixed: 'right', className: 'console-actions' } as const;
