//! attachments
