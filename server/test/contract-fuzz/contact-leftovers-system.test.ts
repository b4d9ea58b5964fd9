import { defineContractFuzz } from './support/run-contract-fuzz.js';

// The contact form, members' reports, the audit log, the leftover customer/product calls and the system calls.
defineContractFuzz('contact, reports, audit log, leftovers, system', [
  'sendContactMessage',
  'listContactMessages',
  'createReport',
  'listAuditEntries',
  'listCustomers',
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
  'listProducts',
  'getHealth',
  'getOpenApiDocument',
  'getApiReference',
]);
