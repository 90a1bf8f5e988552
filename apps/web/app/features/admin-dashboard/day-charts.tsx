import '@mantine/charts/styles.css';
import type { TAdminDashboard } from '@fanstage/contract';
import { AreaChart, BarChart } from '@mantine/charts';
import { Button, Collapse, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatPrice } from '../../lib/format';
import { chartPointsOf, formatCents } from './dashboard-values';

/** Money by day (an area per figure) and sign-ups by day, with the exact figures in a table on demand. */
export default function DayCharts({ dashboard }: { dashboard: TAdminDashboard }) {
  const [showTable, setShowTable] = useState(false);
  const points = chartPointsOf(dashboard);
  return (
    <Stack gap="lg">
      <AreaChart
        h={260}
        data={points}
        dataKey="label"
        series={[
          { name: 'Gross', color: 'indigo.5' },
          { name: 'Net', color: 'teal.5' },
          { name: 'Commission', color: 'grape.5' },
        ]}
        curveType="monotone"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={formatPrice}
        yAxisProps={{ width: 72 }}
        withDots={dashboard.days <= 7}
        fillOpacity={0.15}
        aria-label="Gross, net and commission by day"
      />
      <div>
        <Text size="sm" fw={600} mb={6}>
          Sign-ups
        </Text>
        <BarChart
          h={140}
          data={points}
          dataKey="label"
          series={[{ name: 'Sign-ups', color: 'brand.5' }]}
          yAxisProps={{ width: 72, allowDecimals: false, tickCount: 3 }}
          aria-label="Sign-ups by day"
        />
      </div>
      <div>
        <Button variant="subtle" size="xs" onClick={() => setShowTable((v) => !v)} aria-expanded={showTable}>
          {showTable ? 'Hide the figures by day' : 'Show the figures by day'}
        </Button>
        <Collapse expanded={showTable}>
          <ScrollArea mt="sm">
            <Table striped highlightOnHover miw={560} aria-label="Figures by day">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  <Table.Th ta="right">Sign-ups</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...dashboard.byDay].reverse().map((day) => (
                  <Table.Tr key={day.date}>
                    <Table.Td>{day.date}</Table.Td>
                    <Table.Td ta="right">{day.signUps}</Table.Td>
                    <Table.Td ta="right">{formatCents(day.grossCents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(day.commissionCents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(day.netCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Collapse>
      </div>
    </Stack>
  );
}
