// Inventory and shipping (decision record 0017): the admin's Inventory page, the dashboard's notice and the
// trainer's shipments card.
export { InventoryPage } from './components/inventory-page';
export { LowStockNotice } from './components/low-stock-notice';
export { ShipmentsCard } from './components/portal/shipments-card';
