//! The media store on a real S3 server (SeaweedFS, `seaweed.rs`), on both backends: the
//! tests that upload, re-encode, serve, sign and delete photos on the in-memory store, run
//! again with the shop's media in an S3 bucket.

use std::future::Future;

use crate::helpers::{run_with, Backend, Options, TestApp};

/// Declares `name::sqlite` and `name::postgres`, each running `test` with S3 media.
macro_rules! on_s3 {
    ($($name:ident => $test:path),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    super::on_s3(crate::helpers::Backend::Sqlite, $test).await
                }
                #[tokio::test]
                async fn postgres() {
                    super::on_s3(crate::helpers::Backend::Postgres, $test).await
                }
            }
        )*
    };
}

on_s3!(
    product_photos => crate::catalogue::admin::photos_are_checked_added_reordered_and_removed,
    a_deleted_products_photos => crate::catalogue::admin::a_product_nobody_ordered_can_be_deleted_an_ordered_one_is_archived_instead,
    banners => crate::content::banners::banners_are_uploaded_linked_reordered_and_deleted,
    review_photos => crate::reviews::review_photos_are_public_checked_and_limited,
    profile_photo => crate::accounts::the_profile_takes_a_name_a_phone_and_a_photo,
    profile_photo_metadata => crate::accounts::photo_metadata_does_not_survive,
    signed_urls => crate::accounts::signed_urls_open_only_your_own_photo_until_they_expire,
    a_deleted_accounts_photo => crate::accounts::deleting_needs_the_password_and_removes_the_account,
    stored_images_are_served => crate::media_and_storefront::a_stored_image_is_served_with_its_type_and_long_cache,
    private_media => crate::media_and_storefront::private_media_is_not_served_publicly,
);

/// Runs `body` on `backend` with its media in a new bucket; says so and passes when
/// SeaweedFS cannot start.
async fn on_s3<F, Fut>(backend: Backend, body: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let Some(media) = crate::seaweed::media().await else {
        return;
    };
    let options = Options {
        media: Some(media),
        ..Options::default()
    };
    run_with(backend, options, body).await;
}
