//! [`Id`] as a column value: bound and read as text, and a stored id that is not of
//! the shop's shape is an error, never a value the rest of the code trusts.

use sqlx::any::{Any, AnyTypeInfo};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

use crate::domain::id::Id;

impl Type<Any> for Id {
    fn type_info() -> AnyTypeInfo {
        <String as Type<Any>>::type_info()
    }
}

impl<'q> Encode<'q, Any> for Id {
    fn encode_by_ref(
        &self,
        buf: &mut <Any as Database>::ArgumentBuffer<'q>,
    ) -> Result<IsNull, BoxDynError> {
        <String as Encode<'q, Any>>::encode(self.as_str().to_owned(), buf)
    }
}

impl<'r> Decode<'r, Any> for Id {
    fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        let text = <String as Decode<'r, Any>>::decode(value)?;
        Id::parse(&text).ok_or_else(|| format!("not an id: {text:?}").into())
    }
}
